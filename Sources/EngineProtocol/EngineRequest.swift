import JSON
import JSONRPC

/// A request to the engine: its method's name, its params as fields, and the type of its answer.
///
/// In process a request is sent as the value it is (`EngineClient.send`); from the wire it is
/// read from its `params` (`init(json:)`) where its method runs, so both meet the same checks
/// in the same order.
public protocol EngineRequest: Sendable {
    associatedtype Response: EngineResponse
    static var method: String { get }
    /// Reads the request from its `params` object: -32602 naming the field that is wrong.
    init(json params: JSONValue) throws(RPCError)
}
