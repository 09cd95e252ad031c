import JSONOutput
import JSONRPC
import Sessions

/// A method that works on the server as a whole; runs on the server's control queue.
protocol ControlMethod: SendableMetatype {
    static var name: String { get }
    /// Returns the encoded result.
    static func run(_ params: Params, server: Server) throws(RPCError) -> [UInt8]
}

/// A method on one view (`params.view`); runs on that view's queue, in order with the view's
/// other requests.
protocol ViewMethod: SendableMetatype {
    static var name: String { get }
    /// Returns the encoded result.
    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8]
}

/// Runs session work, turning its errors into JSON-RPC errors.
func rpc<T>(_ body: () throws(WorkbenchError) -> T) throws(RPCError) -> T {
    do {
        return try body()
    } catch {
        throw RPCError(error)
    }
}

extension JSONWriter {
    /// The bytes written, unless a number among them was not finite: JSON cannot carry it,
    /// and a `null` in its place would be a wrong answer, so that is a layout error (-32004).
    func checkedBytes() throws(RPCError) -> [UInt8] {
        guard nonFiniteNumberCount == 0 else {
            throw RPCError(code: RPCError.layoutErrorCode,
                           message: "the layout produced \(nonFiniteNumberCount) number(s) that are not finite (NaN or infinite)")
        }
        return bytes
    }
}
