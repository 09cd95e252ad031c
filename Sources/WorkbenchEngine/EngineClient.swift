import Dispatch
import EngineProtocol
import JSON
import JSONRPC
import PluginHost
import Synchronization
import WorkspaceModel

/// The engine in process, as a client sees it: a typed request in (`EngineProtocol`), its
/// typed answer or error out, and the engine's notifications as the values they were sent as
/// (`EngineNotification`s; the language service's with JSON params) — no message bytes in
/// between. `workbench mcp` and the tests use it; byte-stream and WebSocket clients reach the
/// same engine through `EngineConnection`.
///
/// Calls block until answered and may come from any thread; they are ordered as the engine
/// orders requests (`EngineWork`).
public final class EngineClient: Sendable {
    public let engine: Engine
    private let nextID = Atomic(1)
    private let sink: NotificationSink

    /// Starts an engine (watching its plugin folders) for this client.
    ///
    /// - Parameters:
    ///   - onNotification: receives each notification the engine sends (`workspace/didChange`,
    ///     `plugins/didChange`, `$/progress`, the language server's), as the value it was sent
    ///     as, from any thread.
    ///   - the rest: as `Engine` takes them.
    public init(
        plugins: PluginCatalog, loader: WorkspaceLoader = WorkspaceLoader(), timeout: Double? = nil,
        openablePaths: OpenablePaths? = nil, releaseMemory: @escaping @Sendable () -> Void = {},
        log: @escaping @Sendable (String) -> Void = { _ in },
        onNotification: @escaping @Sendable (RPCNotification) -> Void = { _ in }
    ) {
        sink = NotificationSink(onNotification)
        engine = Engine(
            plugins: plugins, notifications: sink, loader: loader, timeout: timeout, openablePaths: openablePaths,
            releaseMemory: releaseMemory, log: log)
        engine.start()
    }

    /// Sends a request and waits for its answer.
    ///
    /// - Parameters:
    ///   - workDoneToken: where the engine reports the request's progress (`$/progress`), if anywhere.
    ///   - sent: receives the request's id as soon as the engine has it (to `cancel` it).
    public func send<Request: EngineRequest>(
        _ request: Request, workDoneToken: JSONValue? = nil, sent: (RequestID) -> Void = { _ in }
    ) -> Result<Request.Response, RPCError> {
        deliver(Request.self, sent: sent) { EngineMessage(id: $0, request, workDoneToken: workDoneToken) }
    }

    /// Sends a request given as the JSON params a client outside sent (an agent's arguments),
    /// read where its method runs, as a transport's are, and waits for its answer.
    public func send<Request: EngineRequest>(
        _ type: Request.Type, params: JSONValue, workDoneToken: JSONValue? = nil,
        sent: (RequestID) -> Void = { _ in }
    ) -> Result<Request.Response, RPCError> {
        deliver(Request.self, sent: sent) { id in
            EngineMessage(id: id, method: Request.method, params: params, workDoneToken: workDoneToken)
        }
    }

    private func deliver<Request: EngineRequest>(
        _ type: Request.Type, sent: (RequestID) -> Void, _ message: (RequestID) -> EngineMessage
    ) -> Result<Request.Response, RPCError> {
        let id = RequestID.number(Double(nextID.add(1, ordering: .relaxed).oldValue))
        let answer = Answer()
        engine.receive(message(id)) { answer.set($0) }
        sent(id)
        return answer.wait().flatMap { value in
            guard let response = value as? Request.Response else {
                return .failure(.internalError("'\(Request.method)' answered \(Swift.type(of: value))"))
            }
            return .success(response)
        }
    }

    /// Sends a notification of the language service (`textDocument/didOpen`, …): it gets no answer.
    public func notify(_ method: String, _ params: JSONValue = .object([])) {
        engine.handle(RPCRequest(id: nil, method: method, params: params)) { _ in }
    }

    /// Cancels request `id` if it is still waiting or running: it is answered -32800, its
    /// plugin's cancel flag raised.
    public func cancel(_ id: RequestID) {
        engine.receive(EngineMessage(id: nil, CancelRequest(id: id))) { _ in }
    }

    /// Ends the engine: its workspaces are closed and their views released (`Engine.stop`).
    public func stop() {
        _ = engine.stop(abandoned: true)
    }
}

/// One call's answer, waited for by the calling thread.
private final class Answer: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Mutex<Result<any MessageResult, RPCError>>(.failure(.internalError("no reply")))

    func set(_ value: Result<any MessageResult, RPCError>) {
        result.withLock { $0 = value }
        done.signal()
    }

    func wait() -> Result<any MessageResult, RPCError> {
        done.wait()
        return result.withLock { $0 }
    }
}

/// Hands the engine's notifications on as the values they were sent as.
private final class NotificationSink: NotificationOutput, Sendable {
    private let receive: @Sendable (RPCNotification) -> Void

    init(_ receive: @escaping @Sendable (RPCNotification) -> Void) { self.receive = receive }

    func send(_ notification: RPCNotification) { receive(notification) }
}
