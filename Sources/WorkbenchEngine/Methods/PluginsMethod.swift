import JSON
import JSONOutput
import JSONRPC
import PluginHost
import RequestParams

/// `plugins` → `[{name, version, path, summary, kinds: [{name, category}], options, flipsHorizontally, cellShape}]`, then
/// one `{path, refused}` per file that was refused, with the reason.
enum PluginsMethod: ControlMethod {
    static let name = "plugins"

    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8] {
        var writer = JSONWriter()
        writer.plugins(engine.plugins.registry, withRefusals: true)
        return writer.bytes
    }
}

extension JSONWriter {
    mutating func plugins(_ registry: PluginRegistry, withRefusals: Bool = false) {
        beginArray()
        for plugin in registry.plugins.values.sorted(by: { $0.name < $1.name }) {
            beginObject()
            key("cellShape"); string(plugin.cellShape.rawValue)
            key("flipsHorizontally"); bool(plugin.flipsHorizontally)
            key("kinds")
            beginArray()
            for kind in plugin.kinds {
                beginObject()
                key("category"); string(kind.category.name)
                key("name"); string(kind.name)
                endObject()
            }
            endArray()
            key("name"); string(plugin.name)
            key("options")
            beginArray()
            for option in plugin.options { string(option) }
            endArray()
            key("path"); string(plugin.path)
            key("summary"); string(plugin.summary)
            key("version"); string(plugin.version)
            endObject()
        }
        for refusal in withRefusals ? registry.refusals : [] {
            beginObject()
            key("path"); if let path = refusal.path { string(path) } else { null() }
            key("refused"); string(refusal.description)
            endObject()
        }
        endArray()
    }
}
