import EngineProtocol
import JSONRPC
import PluginHost

/// `plugins`: the plugins loaded, by name, then the files refused with the reasons.
enum PluginsMethod: ControlMethod {
    static func run(_ request: PluginsRequest, engine: Engine) -> PluginsResponse {
        let registry = engine.plugins.registry
        return PluginsResponse(plugins: registry.descriptions, refusals: registry.refusals.map(PluginRefusal.init))
    }
}

extension PluginRegistry {
    /// The plugins as the protocol tells them, by name.
    var descriptions: [PluginListing] {
        plugins.values.sorted(by: { $0.name < $1.name }).map { plugin in
            PluginListing(
                name: plugin.name, version: plugin.version, path: plugin.path, summary: plugin.summary,
                kinds: plugin.kinds.map { (name: $0.name, category: $0.category) }, options: plugin.options,
                flipsHorizontally: plugin.flipsHorizontally, cellShape: plugin.cellShape)
        }
    }
}

extension PluginRefusal {
    init(_ refusal: PluginError) {
        self.init(path: refusal.path, reason: refusal.description)
    }
}
