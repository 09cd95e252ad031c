import JSON
import JSONOutput
import JSONRPC
import RequestParams

/// `reload {plugins?: [name]}` → `{added, changed, removed, refused}`: scans the plugin
/// folders now, loading new and changed libraries (and those named, even if unchanged: a
/// plugin marked broken starts afresh).
enum ReloadMethod: ControlMethod {
    static let name = "reload"

    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8] {
        var forcing: Set<String> = []
        if params.has("plugins") {
            guard case .array(let names) = params.value["plugins"] else {
                throw .invalidParams("params.plugins: expected an array of plugin names")
            }
            for (index, name) in names.enumerated() {
                guard case .string(let name) = name else {
                    throw .invalidParams("params.plugins[\(index)]: expected a plugin name (a string)")
                }
                forcing.insert(name)
            }
        }
        var writer = JSONWriter()
        writer.pluginChanges(engine.reloadPlugins(forcing: forcing))
        return writer.bytes
    }
}
