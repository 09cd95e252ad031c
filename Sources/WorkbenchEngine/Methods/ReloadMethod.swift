import EngineProtocol
import JSONRPC
import PluginHost

/// `reload`: scans the plugin folders now, loading new and changed libraries (and those
/// named, even if unchanged: a plugin marked broken starts afresh).
enum ReloadMethod: ControlMethod {
    static func run(_ request: ReloadRequest, engine: Engine) -> ReloadResponse {
        ReloadResponse(engine.reloadPlugins(forcing: request.forcing))
    }
}

extension ReloadResponse {
    init(_ changes: PluginChanges) {
        self.init(
            added: changes.added, changed: changes.changed, removed: changes.removed,
            refused: changes.refused.map(PluginRefusal.init))
    }
}
