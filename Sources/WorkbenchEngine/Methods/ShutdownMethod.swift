import EngineProtocol
import JSONRPC

/// `shutdown`: answered once every request before it is — work still running after a second
/// is cancelled, so a stuck plugin cannot hold it up; after it the engine answers only `exit`.
enum ShutdownMethod: ControlMethod {
    static func run(_ request: ShutdownRequest, engine: Engine) -> NullResponse {
        engine.waitForEarlierViewWork(settling: true)
        engine.state.markShutDown()
        return NullResponse()
    }
}
