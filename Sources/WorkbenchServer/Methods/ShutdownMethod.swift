import Dispatch
import JSONRPC

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
