import Foundation
import PluginHost
import PluginIsolation

/// Where this process looks for plugins: `--plugins`, `WORKBENCH_PLUGIN_PATH`, then the
/// executable's own folder (where `swift build` puts the shipped plugins).
enum PluginDiscovery {
    static func searchPath(_ options: PluginOptions) -> [String] {
        let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path
        return PluginRegistry.searchPath(explicit: options.directories, environment: ProcessInfo.processInfo.environment,
                                         executableDirectory: executable)
    }

    static func registry(_ options: PluginOptions) -> PluginRegistry {
        PluginRegistry.discover(in: searchPath(options))
    }

    /// The plugins found, each with a backend in the chosen isolation mode.
    static func catalog(_ options: PluginOptions, isolation: Isolation) -> PluginCatalog {
        switch isolation {
        case .process: return PluginCatalog.isolated(registry(options))
        case .none: return PluginCatalog.inProcess(registry(options))
        }
    }
}
