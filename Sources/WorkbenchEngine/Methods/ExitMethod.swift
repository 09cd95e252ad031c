import JSONRPC
import RequestParams

/// `exit` (a notification): nothing more is read; the transport then calls `Engine.stop`,
/// which cancels the work still running and closes every workspace. The exit status is 0
/// after `shutdown`, 1 without it.
enum ExitMethod: ImmediateMethod {
    static let name = "exit"

    static func receive(
        _ params: Params, engine: Engine, reply: @escaping @Sendable (Result<[UInt8], RPCError>) -> Void
    ) {
        engine.requestExit()
        // Answered (if sent as a request) after everything queued before it.
        engine.enqueueControl { reply(.success(Array("null".utf8))) }
    }
}
