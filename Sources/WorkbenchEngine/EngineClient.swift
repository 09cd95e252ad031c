import Dispatch
import JSON
import JSONRPC
import PluginHost
import Synchronization
import WorkspaceModel

/// The engine in process, as a client sees it: a request in (a method and its params as a
/// value, or a typed `EngineRequest`), its result or error out, and the engine's
/// notifications as a stream — no message bytes in between. `workbench mcp` and the tests
/// use it; byte-stream and WebSocket clients reach the same engine through `EngineConnection`.
///
/// Calls block until answered and may come from any thread; they are ordered as the engine
/// orders requests (`RequestScheduler.swift`).
public final class EngineClient: Sendable {
    public let engine: Engine
    private let nextID = Atomic(1)
    private let sink: NotificationSink

    /// Starts an engine (watching its plugin folders) for this client.
    ///
    /// - Parameters:
    ///   - onNotification: receives each notification the engine sends (`workspace/didChange`,
    ///     `plugins/didChange`, `$/progress`, the language server's), from any thread.
    ///   - the rest: as `Engine` takes them.
    public init(
        plugins: PluginCatalog, loader: WorkspaceLoader = WorkspaceLoader(), timeout: Double? = nil,
        openablePaths: OpenablePaths? = nil, releaseMemory: @escaping @Sendable () -> Void = {},
        log: @escaping @Sendable (String) -> Void = { _ in },
        onNotification: @escaping @Sendable (EngineNotification) -> Void = { _ in }
    ) {
        sink = NotificationSink(onNotification)
        engine = Engine(
            plugins: plugins, notifications: sink, loader: loader, timeout: timeout, openablePaths: openablePaths,
            releaseMemory: releaseMemory, log: log)
        engine.start()
    }

    /// Sends `method` with `params` and waits for its result.
    ///
    /// - Parameter sent: receives the request's id as soon as the engine has it (to `cancel` it).
    public func call(
        _ method: String, _ params: JSONValue = .object([]), sent: (RequestID) -> Void = { _ in }
    ) -> Result<JSONValue, RPCError> {
        callEncoded(method, params, sent: sent).flatMap { bytes in
            do {
                return .success(try JSONParser.parse(bytes[...]))
            } catch {
                return .failure(.internalError("the engine's result is not JSON: \(error)"))
            }
        }
    }

    /// Sends a typed request and waits for its typed result.
    public func send<Request: EngineRequest>(
        _ request: Request, sent: (RequestID) -> Void = { _ in }
    ) -> Result<Request.Response, RPCError> {
        call(Request.method, request.params, sent: sent).flatMap { value in
            Result { () throws(RPCError) in try Request.response(from: value) }
        }
    }

    /// Sends `method` with `params` and waits for its result as the engine wrote it (JSON):
    /// for a front end that passes results on as they are.
    public func callEncoded(
        _ method: String, _ params: JSONValue = .object([]), sent: (RequestID) -> Void = { _ in }
    ) -> Result<[UInt8], RPCError> {
        let id = RequestID.number(Double(nextID.add(1, ordering: .relaxed).oldValue))
        let answer = Answer()
        engine.handle(RPCRequest(id: id, method: method, params: params)) { answer.set($0) }
        sent(id)
        return answer.wait()
    }

    /// Sends a notification (`textDocument/didOpen`, …): it gets no answer.
    public func notify(_ method: String, _ params: JSONValue = .object([])) {
        engine.handle(RPCRequest(id: nil, method: method, params: params)) { _ in }
    }

    /// Cancels request `id` if it is still waiting or running: it is answered -32800, its
    /// plugin's cancel flag raised.
    public func cancel(_ id: RequestID) {
        notify("$/cancelRequest", .object([("id", id.json)]))
    }

    /// Ends the engine: its workspaces are closed and their views released (`Engine.stop`).
    public func stop() {
        _ = engine.stop(abandoned: true)
    }
}

/// A notification from the engine: its method and params.
public struct EngineNotification: Sendable {
    public var method: String
    public var params: JSONValue
}

/// A request with a typed result, for `EngineClient.send`.
public protocol EngineRequest: Sendable {
    associatedtype Response: Sendable
    static var method: String { get }
    var params: JSONValue { get }
    /// Reads the engine's result; an unexpected shape is an internal error.
    static func response(from result: JSONValue) throws(RPCError) -> Response
}

/// One call's answer, waited for by the calling thread.
private final class Answer: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Mutex<Result<[UInt8], RPCError>>(.failure(.internalError("no reply")))

    func set(_ value: Result<[UInt8], RPCError>) {
        result.withLock { $0 = value }
        done.signal()
    }

    func wait() -> Result<[UInt8], RPCError> {
        done.wait()
        return result.withLock { $0 }
    }
}

/// Takes the engine's notifications (whole messages, as a transport would send them) and
/// hands them on as values.
private final class NotificationSink: MessageOutput, Sendable {
    private let receive: @Sendable (EngineNotification) -> Void

    init(_ receive: @escaping @Sendable (EngineNotification) -> Void) { self.receive = receive }

    func send(_ message: [UInt8]) {
        guard let value = try? JSONParser.parse(message[...]), case .string(let method)? = value["method"] else {
            return
        }
        receive(EngineNotification(method: method, params: value["params"] ?? .object([])))
    }
}

extension RequestID {
    /// The id as a JSON value (`$/cancelRequest {id}`).
    var json: JSONValue {
        switch self {
        case .number(let value, _): .number(value)
        case .string(let string): .string(string)
        }
    }
}
