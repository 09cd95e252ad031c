import Foundation
import PluginHost
import PluginIsolation

/// Where this process looks for plugins: `--plugins`, `WORKBENCH_PLUGIN_PATH`, then the
/// bundled plugins relative to the executable (`../lib` in a release, the executable's own
/// folder in a build folder, where `swift build` puts the shipped plugins).
enum PluginDiscovery {
    static func searchPath(_ options: PluginOptions) -> [String] { searchFolders(options).map(\.path) }

    /// The folders searched, each with where it comes from, in order.
    static func searchFolders(_ options: PluginOptions) -> [(path: String, origin: PluginRegistry.FolderOrigin)] {
        let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path
        return PluginRegistry.searchFolders(
            explicit: options.directories, environment: ProcessInfo.processInfo.environment,
            executableDirectory: executable)
    }

    /// The plugins in the search path: described by a child process (`process`: no plugin
    /// code runs in the workbench, so a library that crashes while loading, or takes longer
    /// than `loadTimeout` seconds, is just refused) or loaded here (`none`).
    static func registry(_ options: PluginOptions, isolation: Isolation, loadTimeout: Double? = nil) -> PluginRegistry {
        switch isolation {
        case .process:
            let describer = PluginDescriber(timeout: loadTimeout ?? 10)
            return PluginRegistry.discover(in: searchPath(options), loading: describer.describe)
        case .none:
            return PluginRegistry.discover(in: searchPath(options))
        }
    }

    /// The plugins found, each with a backend in the chosen isolation mode; `--timeout` also
    /// bounds loading each library.
    static func catalog(_ options: PluginOptions, _ isolation: IsolationOptions) -> PluginCatalog {
        let registry = registry(options, isolation: isolation.isolation, loadTimeout: isolation.timeout)
        switch isolation.isolation {
        case .process: return PluginCatalog.isolated(registry)
        case .none: return PluginCatalog.inProcess(registry)
        }
    }
}
