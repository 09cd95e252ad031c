import JSONRPC
import RequestParams

/// `$/cancelRequest {id}` (a notification): the request of that id, if it is still waiting
/// or running, is answered with -32800 as soon as its work notices (a plugin call is stopped
/// within milliseconds). Acts as soon as it is read, ahead of every queue.
enum CancelRequestMethod: ImmediateMethod {
    static let name = "$/cancelRequest"

    static func receive(
        _ params: Params, engine: Engine, reply: @escaping @Sendable (Result<[UInt8], RPCError>) -> Void
    ) {
        switch params.value["id"] {
        case .number(let number)?: engine.state.cancel(.number(number))
        case .string(let string)?: engine.state.cancel(.string(string))
        default: break
        }
        reply(.success(Array("null".utf8)))
    }
}
