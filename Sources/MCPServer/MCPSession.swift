import JSON
import JSONRPC
import PluginHost
import Synchronization
import WorkbenchEngine

/// `workbench mcp`: the Model Context Protocol (revision 2025-06-18) on a byte stream, for
/// coding agents — tools to open, lay out, look at, update and check views, the open
/// workspaces as resources — over the same engine as `workbench serve`.
///
/// A `RequestHandler` on a `MessageConnection`, as the engine is in `serve`: the connection
/// reads (`serve`), parses, checks and writes every envelope, by MCP's rules (`rules`: no
/// batches, a client's replies ignored, a cancelled call unanswered); this answers requests
/// with values and sends its notifications as values. Each tool is carried out by sending the
/// layout protocol's requests (`open`, `prepare`, `query`, `update`, `check`, …) to an
/// in-process engine through its typed `EngineClient`, the one way this reaches the engine:
/// the same host, sessions, plugin isolation, watching and cancellation. The connection's
/// reading thread has `initialize`, `ping` and `notifications/cancelled` answered as they are
/// read; every other request goes to one worker queue: tool calls and resource requests run
/// one at a time in arrival order, each seeing the workspaces opened before it.
public final class MCPSession: RequestHandler, Sendable {
    /// The protocol revisions spoken, newest first; a client asking for another gets the first.
    public static let protocolVersions = ["2025-06-18", "2025-03-26", "2024-11-05"]
    static let serverVersion = "0.1.0"

    /// How MCP changes JSON-RPC 2.0: one message at a time, the server sends no requests (so a
    /// client's replies are dropped), and a cancelled request gets no answer.
    public let rules = ProtocolRules(
        batchRefusal: .invalidRequest("batches are not part of MCP 2025-06-18; send one message at a time"),
        ignoresResponses: true, answersCancelledRequests: false)

    let client: EngineClient
    /// Takes every message sent to the client: the connection's replies, and MCP's own
    /// notifications (progress, resource updates, log messages) as values.
    let output: any MessageOutput
    /// The workbench checkout `new_plugin` builds against; nil if unknown.
    let workbenchCheckout: String?
    let log: @Sendable (String) -> Void
    /// Tool calls and resource requests, one at a time in arrival order (`MCPWork`).
    private let calls = DependencyQueue<MCPWork>()
    private let state = Mutex(State())

    /// What the reading thread and the tool calls share.
    struct State {
        var isInitialized = false
        var inFlight: [RequestID: ToolCall] = [:]
        /// Subscribed resource URIs.
        var subscriptions: Set<String> = []
        /// The lowest log level sent (`logging/setLevel`), as an index into `logLevels`.
        var logLevel = 1
        /// Where `$/progress` from the engine goes: the relay of the call that sent the token.
        var progressRelays: [String: ProgressRelay] = [:]
    }

    /// - Parameters:
    ///   - output: takes every message sent to the client (`ProtocolOutput` on stdout).
    ///   - timeout: the longest one view's `prepare` may take, in seconds; nil for no limit.
    ///   - releaseMemory, log: as `Engine` takes them.
    public init(
        plugins: PluginCatalog, output: any MessageOutput, workbenchCheckout: String?, timeout: Double?,
        releaseMemory: @escaping @Sendable () -> Void = {}, log: @escaping @Sendable (String) -> Void
    ) {
        self.output = output
        self.workbenchCheckout = workbenchCheckout
        self.log = log
        let relay = NotificationRelay()
        client = EngineClient(
            plugins: plugins, timeout: timeout, releaseMemory: releaseMemory, log: log,
            onNotification: { relay.server?.engineNotified($0) })
        relay.server = self
    }

    /// Serves MCP on `input` until it ends (`MessageConnection.serve`, replies one per line);
    /// returns the exit status (0).
    ///
    /// Messages over `maximumMessageSize` are refused from their start, without being held.
    public func serve(input: Int32, maximumMessageSize: Int = 64 << 20) -> Int32 {
        let connection = MessageConnection(handler: self, output: output, log: { [log] in log("workbench mcp: \($0)") })
        connection.serve(input: input, maximumMessageSize: maximumMessageSize)
        // The client has gone: cancel what still runs, and wait (briefly) for it to end.
        for call in withState({ Array($0.inFlight.values) }) { call.cancel() }
        calls.waitForEarlier(than: calls.nextTicket, { _ in true }, timeout: 2)
        client.stop()
        return 0
    }

    /// Answers one checked request, or takes a notification; the connection writes the answer.
    public func handle(_ request: RPCRequest, reply: @escaping @Sendable (Result<any MessageResult, RPCError>) -> Void)
    {
        guard let id = request.id else { return handleNotification(request) }
        switch request.method {
        case "tools/call":
            startToolCall(id: id, params: request.params, reply: reply)
        case "initialize", "ping":
            reply(answer(request))
        default:
            // In order with the tool calls: a resource list sees the workspaces opened before it.
            calls.async(.request) { [self] _ in reply(answer(request)) }
        }
    }

    /// MCP has no batches, so no reply waits for another's.
    public func work(of request: RPCRequest) -> Never? { nil }

    private func answer(_ request: RPCRequest) -> Result<any MessageResult, RPCError> {
        Result { () throws(RPCError) in try handleRequest(request) }.map { $0 }
    }

    /// Sends a notification to the client.
    func notify(_ method: String, _ params: JSONValue) {
        output.send(RPCNotification(method: method, params: params))
    }

    func withState<T: Sendable>(_ body: (inout State) -> T) -> T { state.withLock { body(&$0) } }

    var initialized: Bool {
        get { withState { $0.isInitialized } }
        set { withState { $0.isInitialized = newValue } }
    }

    /// Queues a tool call behind the earlier ones, tracked for cancellation; a cancelled call
    /// is answered -32800, which the connection drops: it gets no answer (as the protocol asks).
    private func startToolCall(
        id: RequestID, params: JSONValue, reply: @escaping @Sendable (Result<any MessageResult, RPCError>) -> Void
    ) {
        guard initialized else { return reply(.failure(.invalidRequest("send 'initialize' first"))) }
        let call = ToolCall(id: id, params: params, server: self)
        let isDuplicate = withState { state -> Bool in
            guard state.inFlight[id] == nil else { return true }
            state.inFlight[id] = call
            if let progress = call.progress { state.progressRelays[progress.internalToken] = progress }
            return false
        }
        guard !isDuplicate else { return reply(.failure(.invalidRequest("request id \(id) is already in use"))) }
        calls.async(.request) { [self] _ in
            let result = call.isCancelled ? .failure(.requestCancelled) : call.run()
            withState { $0.inFlight[id] = nil }
            call.finishProgress()
            reply(call.isCancelled ? .failure(.requestCancelled) : result.map { $0 })
        }
    }

    /// Runs `body` on the worker queue, in order with the tool calls: work an engine
    /// notification starts that asks the engine (it may not wait on the engine's own thread).
    func enqueue(_ body: @escaping @Sendable () -> Void) {
        calls.async(.request) { _ in body() }
    }

    /// `notifications/cancelled {requestId}`: the call stops, its plugin's cancel flag raised.
    func cancel(_ id: RequestID) {
        withState { $0.inFlight[id] }?.cancel()
    }
}

/// What MCP's work waits for: every request handed off the reading thread (tool calls, resource
/// lists), and the work an engine notification starts, waits for the ones before it, so each
/// sees the workspaces opened before it.
enum MCPWork: DependencyTracker {
    case request

    func isDependency(of later: MCPWork) -> Bool { true }
}

/// Lets the engine's notifications reach the MCP server made after it.
private final class NotificationRelay: Sendable {
    private struct Target { weak var server: MCPSession? }
    private let target = Mutex(Target())

    var server: MCPSession? {
        get { target.withLock { $0.server } }
        set { target.withLock { $0.server = newValue } }
    }
}
