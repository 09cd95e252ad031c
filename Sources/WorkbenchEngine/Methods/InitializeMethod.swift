import JSON
import JSONOutput
import JSONRPC
import LanguageService
import RequestParams

/// `initialize` (optional) → `{capabilities, name, version, protocolVersion, methods,
/// notifications, plugins, serverInfo}`: LSP's `capabilities` and `serverInfo` beside the workbench's own fields. The
/// position encoding is UTF-8 when `capabilities.general.positionEncodings` offers it, else UTF-16.
enum InitializeMethod: ControlMethod {
    static let name = "initialize"
    static let serverVersion = "0.1.0"
    static let protocolVersion = "1.0"

    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8] {
        var offered: [String] = []
        if case .array(let encodings)? = params.value["capabilities"]?["general"]?["positionEncodings"] {
            offered = encodings.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
        let encoding = PositionEncoding.negotiated(from: offered)
        engine.documents.encoding = encoding
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("capabilities"); writer.json(Capabilities.json(encoding: encoding))
        writer.key("methods")
        writer.beginArray()
        for method in MethodTable.names { writer.string(method) }
        writer.endArray()
        writer.key("name"); writer.string("workbench")
        writer.key("notifications")
        writer.beginArray()
        for notification in ClientNotification.names { writer.string(notification) }
        writer.endArray()
        writer.key("plugins"); writer.plugins(engine.plugins.registry)
        writer.key("protocolVersion"); writer.string(protocolVersion)
        writer.key("serverInfo");
        writer.json(.object([("name", .string("workbench")), ("version", .string(serverVersion))]))
        writer.key("version"); writer.string(serverVersion)
        writer.endObject()
        return writer.bytes
    }
}
