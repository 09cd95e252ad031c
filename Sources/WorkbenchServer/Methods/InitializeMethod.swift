import Dispatch
import JSONOutput
import JSONRPC
import LanguageServer

/// `initialize` (optional) → `{capabilities, name, version, protocolVersion, methods, plugins,
/// serverInfo}`: LSP's `capabilities` and `serverInfo` beside the workbench's own fields. The
/// position encoding is UTF-8 when `capabilities.general.positionEncodings` offers it, else UTF-16.
enum InitializeMethod: ControlMethod {
    static let name = "initialize"
    static let serverVersion = "0.1.0"
    static let protocolVersion = "1.0"

    static func run(_ params: Params, server: Server) throws(RPCError) -> [UInt8] {
        var offered: [String] = []
        if case .array(let encodings)? = params.value["capabilities"]?["general"]?["positionEncodings"] {
            offered = encodings.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
        let encoding = PositionEncoding.negotiated(from: offered)
        server.documents.encoding = encoding
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("capabilities"); writer.json(Capabilities.json(encoding: encoding))
        writer.key("methods")
        writer.beginArray()
        for method in MethodTable.names { writer.string(method) }
        writer.endArray()
        writer.key("name"); writer.string("workbench")
        writer.key("plugins"); writer.plugins(server.plugins.registry)
        writer.key("protocolVersion"); writer.string(protocolVersion)
        writer.key("serverInfo"); writer.json(.object([("name", .string("workbench")), ("version", .string(serverVersion))]))
        writer.key("version"); writer.string(serverVersion)
        writer.endObject()
        return writer.bytes
    }
}

/// `shutdown` → `null`, once every request before it is answered — work still running after
/// a second is cancelled, so a stuck plugin cannot hold it up; after it the server answers
/// nothing but `exit`.
enum ShutdownMethod: ControlMethod {
    static let name = "shutdown"

    static func run(_ params: Params, server: Server) throws(RPCError) -> [UInt8] {
        if server.viewWork.wait(timeout: .now() + 1) == .timedOut {
            server.state.cancelAll()
            _ = server.viewWork.wait(timeout: .now() + 0.7)
        }
        server.state.markShutDown()
        return Array("null".utf8)
    }
}
