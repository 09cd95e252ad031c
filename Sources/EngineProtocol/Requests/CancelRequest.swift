import JSON
import JSONRPC

/// `$/cancelRequest {id}` (a notification): the request of that id, if it still waits or
/// runs, is answered -32800.
public struct CancelRequest: EngineRequest {
    public typealias Response = NullResponse
    public static let method = "$/cancelRequest"
    /// Nil when the params name no usable id (then nothing is cancelled).
    public var id: RequestID?

    public init(id: RequestID?) { self.id = id }

    public init(json params: JSONValue) {
        switch params["id"] {
        case .number(let number)?: id = .number(number)
        case .string(let string)?: id = .string(string)
        default: id = nil
        }
    }
}
