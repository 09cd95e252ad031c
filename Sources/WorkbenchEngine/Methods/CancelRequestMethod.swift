import EngineProtocol
import JSONRPC

/// `$/cancelRequest`: the request of that id, if it still waits or runs, is answered -32800
/// as soon as its work notices (a plugin call is stopped within milliseconds). Acts as soon as
/// it is read, ahead of all queued work.
enum CancelRequestMethod: ImmediateMethod {
    static func receive(
        _ request: CancelRequest, engine: Engine, reply: @escaping @Sendable (Result<NullResponse, RPCError>) -> Void
    ) {
        if let id = request.id { engine.state.cancel(id) }
        reply(.success(NullResponse()))
    }
}
