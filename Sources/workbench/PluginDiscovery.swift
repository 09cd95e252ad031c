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
    /// than `loadTimeout` seconds, is just refused; the child is in `sandbox`) or loaded here (`none`).
    static func registry(
        _ options: PluginOptions, isolation: Isolation, loadTimeout: Double? = nil,
        sandbox: PluginSandbox = PluginSandbox()
    ) -> PluginRegistry {
        switch isolation {
        case .process:
            let describer = PluginDescriber(timeout: loadTimeout ?? 10, sandbox: sandbox)
            return PluginRegistry.discover(in: searchPath(options), loading: describer.describe)
        case .none:
            return PluginRegistry.discover(in: searchPath(options))
        }
    }

    /// The plugins found, each with a backend in the chosen isolation mode; `--timeout` also
    /// bounds loading each library. Says once on standard error when plugins will run without
    /// (part of) the sandbox.
    static func catalog(_ options: PluginOptions, _ isolation: IsolationOptions) -> PluginCatalog {
        let sandbox = isolation.pluginSandbox
        switch isolation.isolation {
        case .process:
            if let warning = sandbox.missingWarning {
                StandardStream.error.writeNow(Array("workbench: \(warning)\n".utf8))
            }
        case .none:
            StandardStream.error.writeNow(
                Array(
                    "workbench: note: --isolation none loads plugins into the workbench itself, without the plugin sandbox\n"
                        .utf8))
        }
        let registry = registry(
            options, isolation: isolation.isolation, loadTimeout: isolation.timeout, sandbox: sandbox)
        switch isolation.isolation {
        case .process: return PluginCatalog.isolated(registry, sandbox: sandbox)
        case .none: return PluginCatalog.inProcess(registry)
        }
    }
}
