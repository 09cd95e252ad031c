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
        registry(in: searchPath(options), isolation: isolation, loadTimeout: loadTimeout, sandbox: sandbox)
    }

    /// The plugins in `folders`, as `registry(_:isolation:loadTimeout:sandbox:)` finds them.
    static func registry(in folders: [String], isolation: Isolation, loadTimeout: Double?, sandbox: PluginSandbox)
        -> PluginRegistry
    {
        switch isolation {
        case .process:
            let describer = PluginDescriber(timeout: loadTimeout ?? 10, sandbox: sandbox)
            return PluginRegistry.discover(in: folders, loading: describer.describe)
        case .none:
            return PluginRegistry.discover(in: folders)
        }
    }

    /// The plugins found, each with a backend in the chosen isolation mode; `--timeout` also
    /// bounds loading each library. Says once on standard error when plugins will run without
    /// (part of) the sandbox.
    ///
    /// - Parameter inBackground: find them on a thread of their own, returning at once (the batch
    ///   commands, which load their workspaces meanwhile; see `PluginCatalog.init(isolation:discovering:makeBackend:)`).
    static func catalog(_ options: PluginOptions, _ isolation: IsolationOptions, inBackground: Bool = false)
        -> PluginCatalog
    {
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
        let folders = searchPath(options), mode = isolation.isolation, timeout = isolation.timeout
        let discover = { @Sendable in registry(in: folders, isolation: mode, loadTimeout: timeout, sandbox: sandbox) }
        switch (isolation.isolation, inBackground) {
        case (.process, false): return PluginCatalog.isolated(discover(), sandbox: sandbox)
        case (.process, true): return PluginCatalog.isolated(discovering: discover, sandbox: sandbox)
        case (.none, false): return PluginCatalog.inProcess(discover())
        case (.none, true): return PluginCatalog.inProcess(discovering: discover)
        }
    }
}
