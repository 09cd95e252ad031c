import JSONRPC
import RequestParams

/// `shutdown` → `null`, once every request before it is answered — work still running after
/// a second is cancelled, so a stuck plugin cannot hold it up; after it the engine answers
/// nothing but `exit`.
enum ShutdownMethod: ControlMethod {
    static let name = "shutdown"

    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8] {
        engine.settle(engine.viewWork)
        engine.state.markShutDown()
        return Array("null".utf8)
    }
}
