import JSONOutput
import JSONRPC
import PluginHost

/// `plugins` → `[{name, version, path, summary, kinds: [{name, category}], options}]`.
enum PluginsMethod: ControlMethod {
    static let name = "plugins"

    static func run(_ params: Params, server: Server) throws(RPCError) -> [UInt8] {
        var writer = JSONWriter()
        writer.plugins(server.plugins)
        return writer.bytes
    }
}

extension JSONWriter {
    mutating func plugins(_ registry: PluginRegistry) {
        beginArray()
        for plugin in registry.plugins.values.sorted(by: { $0.name < $1.name }) {
            beginObject()
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
        endArray()
    }
}
