import Dispatch
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
