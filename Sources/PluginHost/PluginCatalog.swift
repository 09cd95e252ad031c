import LayoutKit

/// Where plugins run: `process` (each plugin library in a child process of the workbench;
/// the default) or `none` (loaded into the workbench itself).
public enum Isolation: String, CaseIterable, Sendable {
    case process
    case none
}

/// The discovered plugins, each with the backend that runs it in the chosen isolation mode:
/// what sessions, the server and the batch runner ask for a plugin by name.
public final class PluginCatalog: Sendable {
    public let registry: PluginRegistry
    public let isolation: Isolation
    private let backends: [String: any PluginBackend]

    /// - Parameter makeBackend: the backend for each loaded plugin.
    public init(registry: PluginRegistry, isolation: Isolation, makeBackend: (LoadedPlugin) -> any PluginBackend) {
        self.registry = registry
        self.isolation = isolation
        backends = registry.plugins.mapValues(makeBackend)
    }

    /// Every plugin in this process (`--isolation none`).
    public static func inProcess(_ registry: PluginRegistry) -> PluginCatalog {
        PluginCatalog(registry: registry, isolation: .none) { InProcessBackend(plugin: $0) }
    }

    /// The backend of the plugin called `name`.
    ///
    /// - Throws: `.refused` (with the reason) or `.notFound`, as `PluginRegistry.plugin(named:)`.
    public func backend(named name: String) throws(PluginError) -> any PluginBackend {
        let plugin = try registry.plugin(named: name)
        guard let backend = backends[plugin.name] else { throw .notFound(name: name, available: registry.plugins.keys.sorted()) }
        return backend
    }

    /// Every backend, by plugin name.
    public var allBackends: [String: any PluginBackend] { backends }
}
