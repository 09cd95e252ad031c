import Foundation
import LayoutKit
import Synchronization

/// Where plugins run: `process` (each plugin library in a child process of the workbench;
/// the default) or `none` (loaded into the workbench itself).
public enum Isolation: String, CaseIterable, Sendable {
    case process
    case none
}

/// The discovered plugins, each with the backend that runs it in the chosen isolation mode:
/// what sessions, the server and the batch runner ask for a plugin by name. `reload` scans
/// the plugin folders again and swaps in new builds (hot reload, in `workbench serve`).
public final class PluginCatalog: Sendable {
    public let isolation: Isolation
    private let makeBackend: @Sendable (LoadedPlugin) -> any PluginBackend
    private let current: Mutex<(registry: PluginRegistry, backends: [String: any PluginBackend])>
    /// Left when the discovery the catalog was made with (`init(isolation:discovering:…)`) is
    /// done; every use of the plugins waits for it first.
    private let discovery = DispatchGroup()

    /// - Parameter makeBackend: the backend for each loaded plugin.
    public init(
        registry: PluginRegistry, isolation: Isolation,
        makeBackend: @escaping @Sendable (LoadedPlugin) -> any PluginBackend
    ) {
        self.isolation = isolation
        self.makeBackend = makeBackend
        current = Mutex((registry, registry.plugins.mapValues(makeBackend)))
    }

    /// A catalog whose plugins are still being found: `discover` runs on a thread of its own
    /// and this returns at once, so that the caller's own start (`workbench run` loading its
    /// workspaces) overlaps the scan — copying the libraries and, in process isolation, a
    /// child process describing them. The first use of the plugins waits for the scan.
    public init(
        isolation: Isolation, discovering discover: @escaping @Sendable () -> PluginRegistry,
        makeBackend: @escaping @Sendable (LoadedPlugin) -> any PluginBackend
    ) {
        self.isolation = isolation
        self.makeBackend = makeBackend
        current = Mutex((PluginRegistry(), [:]))
        discovery.enter()
        Thread.detachNewThread { [self] in
            let registry = discover()
            let backends = registry.plugins.mapValues(makeBackend)
            current.withLock { $0 = (registry, backends) }
            discovery.leave()
        }
    }

    /// Every plugin in this process (`--isolation none`).
    public static func inProcess(_ registry: PluginRegistry) -> PluginCatalog {
        PluginCatalog(registry: registry, isolation: .none) { InProcessBackend(plugin: $0) }
    }

    /// Every plugin in this process (`--isolation none`), found on a thread of its own (see
    /// `init(isolation:discovering:makeBackend:)`).
    public static func inProcess(discovering discover: @escaping @Sendable () -> PluginRegistry) -> PluginCatalog {
        PluginCatalog(isolation: .none, discovering: discover) { InProcessBackend(plugin: $0) }
    }

    /// Waits until the plugins are found (at once unless the catalog was made `discovering`).
    public func waitForDiscovery() {
        discovery.wait()
    }

    /// The plugins as last scanned.
    public var registry: PluginRegistry {
        waitForDiscovery()
        return current.withLock { $0.registry }
    }

    /// The backend of the plugin called `name`.
    ///
    /// - Throws: `.refused` (with the reason) or `.notFound`, as `PluginRegistry.plugin(named:)`.
    public func backend(named name: String) throws(PluginError) -> any PluginBackend {
        waitForDiscovery()
        let (registry, backends) = current.withLock { $0 }
        let plugin = try registry.plugin(named: name)
        guard let backend = backends[plugin.name] else {
            throw .notFound(name: name, available: registry.plugins.keys.sorted())
        }
        return backend
    }

    /// Scans the plugin folders again (`PluginRegistry.rescanned`): a new or changed library
    /// gets a new backend (a plugin marked broken starts afresh), a removed one is dropped.
    /// Layouts made before keep working with the build they were made with.
    ///
    /// - Parameter forcing: plugin names to load again even if their files did not change.
    @discardableResult
    public func reload(forcing: Set<String> = []) -> PluginChanges {
        let (registry, changes) = self.registry.rescanned(forcing: forcing)
        current.withLock { current in
            let old = current.backends
            let backends = registry.plugins.mapValues { plugin in
                old[plugin.name].flatMap { $0.plugin === plugin ? $0 : nil } ?? makeBackend(plugin)
            }
            current = (registry, backends)
        }
        return changes
    }
}
