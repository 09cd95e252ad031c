import JSONOutput
import JSONRPC

/// `initialize` (optional) → `{name, version, protocolVersion, methods, plugins}`.
enum InitializeMethod: ControlMethod {
    static let name = "initialize"
    static let serverVersion = "0.1.0"
    static let protocolVersion = "1.0"

    static func run(_ params: Params, server: Server) throws(RPCError) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("methods")
        writer.beginArray()
        for method in MethodTable.names { writer.string(method) }
        writer.endArray()
        writer.key("name"); writer.string("workbench")
        writer.key("plugins"); writer.plugins(server.plugins.registry)
        writer.key("protocolVersion"); writer.string(protocolVersion)
        writer.key("version"); writer.string(serverVersion)
        writer.endObject()
        return writer.bytes
    }
}
