import EngineProtocol
import JSONRPC
import Sessions

/// A method that works on the engine as a whole; runs as the engine's control work.
protocol ControlMethod: SendableMetatype {
    associatedtype Request: EngineRequest
    static func run(_ request: Request, engine: Engine) throws(RPCError) -> Request.Response
}

/// A method on one view (`ViewRequest.view`); runs as that view's work, in order with the
/// view's other requests.
protocol ViewMethod: SendableMetatype {
    associatedtype Request: ViewRequest
    /// Whether it answers in microseconds on a prepared, idle view, so that it may run on the
    /// reading thread itself (a thread hop would cost more than the answer). False for what may
    /// lay out again: that would hold up every other view's requests. Each method says which.
    static var isQuick: Bool { get }
    static func run(_ request: Request, session: ViewSession) throws(RPCError) -> Request.Response
}

/// A method that acts as soon as it is read, ahead of all queued work (`$/cancelRequest`, `exit`).
protocol ImmediateMethod: SendableMetatype {
    associatedtype Request: EngineRequest
    /// Acts on the engine; `reply` is called once, with the answer a request would get.
    static func receive(
        _ request: Request, engine: Engine,
        reply: @escaping @Sendable (Result<Request.Response, RPCError>) -> Void)
}

extension ControlMethod {
    static var name: String { Request.method }

    /// Reads the message's request and runs it.
    static func run(_ message: EngineMessage, engine: Engine) throws(RPCError) -> any MessageResult {
        try run(message.request(as: Request.self), engine: engine)
    }
}

extension ViewMethod {
    static var name: String { Request.method }

    /// Reads the message's request and runs it.
    static func run(_ message: EngineMessage, session: ViewSession) throws(RPCError) -> any MessageResult {
        try run(message.request(as: Request.self), session: session)
    }
}

extension ImmediateMethod {
    static var name: String { Request.method }

    /// Reads the message's request (a wrong one is answered at once) and acts on it.
    static func receive(
        _ message: EngineMessage, engine: Engine,
        reply: @escaping @Sendable (Result<any MessageResult, RPCError>) -> Void
    ) {
        do throws(RPCError) {
            let request = try message.request(as: Request.self)
            receive(request, engine: engine) { reply($0.map { $0 }) }
        } catch {
            reply(.failure(error))
        }
    }
}

/// Runs session work, turning its errors into JSON-RPC errors.
func rpc<T>(_ body: () throws(ViewSessionError) -> T) throws(RPCError) -> T {
    do {
        return try body()
    } catch {
        throw RPCError(error)
    }
}
