import EngineProtocol
import JSONRPC

/// `exit`: nothing more is read; the transport then calls `Engine.stop`, which cancels the
/// work still running and closes every workspace. The exit status is 0 after `shutdown`, 1
/// without it.
enum ExitMethod: ImmediateMethod {
    static func receive(
        _ request: ExitRequest, engine: Engine, reply: @escaping @Sendable (Result<NullResponse, RPCError>) -> Void
    ) {
        engine.requestExit()
        // Answered (if sent as a request) after everything queued before it.
        engine.enqueueControl { reply(.success(NullResponse())) }
    }
}
