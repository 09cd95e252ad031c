import JSON
import JSONOutput
import JSONRPC
import RequestParams
import Sessions

/// A method that works on the engine as a whole; runs on the engine's control queue.
protocol ControlMethod: SendableMetatype {
    static var name: String { get }
    /// Returns the encoded result.
    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8]
}

/// A method on one view (`params.view`); runs on that view's queue, in order with the view's
/// other requests.
protocol ViewMethod: SendableMetatype {
    static var name: String { get }
    /// Whether it answers in microseconds on a prepared, idle view, so that it may run on the
    /// reading thread itself (a thread hop would cost more than the answer). False for what may
    /// lay out again: that would hold up every other view's requests.
    static var isQuick: Bool { get }
    /// Returns the encoded result.
    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8]
}

extension ViewMethod {
    static var isQuick: Bool { true }
}

/// A method that acts as soon as it is read, ahead of every queue (`$/cancelRequest`, `exit`).
protocol ImmediateMethod: SendableMetatype {
    static var name: String { get }
    /// Acts on the engine; `reply` is called once, with the answer a request would get.
    static func receive(
        _ params: Params, engine: Engine, reply: @escaping @Sendable (Result<[UInt8], RPCError>) -> Void)
}

/// Runs session work, turning its errors into JSON-RPC errors.
func rpc<T>(_ body: () throws(ViewSessionError) -> T) throws(RPCError) -> T {
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
            throw RPCError(
                code: RPCError.layoutErrorCode,
                message: "the layout produced \(nonFiniteNumberCount) number(s) that are not finite (NaN or infinite)")
        }
        return bytes
    }
}
