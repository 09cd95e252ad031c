import DescriptorIO
import Dispatch
import Foundation
import JSON
import JSONOutput
import JSONRPC
import LayoutKit
import PluginHost
import Synchronization
import WorkbenchEngine

/// `workbench mcp`: the Model Context Protocol (revision 2025-06-18) on a byte stream, for
/// coding agents — tools to open, lay out, look at, update and check views, the open
/// workspaces as resources — over the same engine as `workbench serve`.
///
/// Each tool is carried out by sending the layout protocol's requests (`open`, `prepare`,
/// `query`, `update`, `reload`, …) to an in-process engine through its typed `EngineClient`:
/// the same host, sessions, plugin isolation, watching and cancellation. Messages are
/// newline-delimited JSON-RPC, read with the project's own parser and size limits. The
/// reading thread answers `initialize`, `ping` and `notifications/cancelled` as they are read,
/// and hands every other request to one worker queue: tool calls run one at a time in arrival
/// order, each seeing the workspaces opened before it.
public final class MCPSession: Sendable {
    /// The protocol revisions spoken, newest first; a client asking for another gets the first.
    public static let protocolVersions = ["2025-06-18", "2025-03-26", "2024-11-05"]
    static let serverVersion = "0.1.0"

    let client: EngineClient
    let plugins: PluginCatalog
    let output: any MessageOutput
    /// The workbench checkout `new_plugin` builds against; nil if unknown.
    let workbenchCheckout: String?
    let log: @Sendable (String) -> Void
    private let calls = DispatchQueue(label: "workbench.mcp.calls")
    private let work = DispatchGroup()
    private let state = Mutex(State())

    /// What the reading thread and the tool calls share.
    struct State {
        var isInitialized = false
        var inFlight: [RequestID: ToolCall] = [:]
        /// Subscribed resource URIs.
        var subscriptions: Set<String> = []
        /// The lowest log level sent (`logging/setLevel`), as an index into `logLevels`.
        var logLevel = 1
        /// Each view's bounds as the last `layout_view {bounds}` set them, by view id.
        var bounds: [String: Rect] = [:]
        /// Where `$/progress` from the engine goes: the relay of the call that sent the token.
        var progressRelays: [String: ProgressRelay] = [:]
    }

    /// - Parameters:
    ///   - output: takes every message sent to the client (`ProtocolOutput` on stdout).
    ///   - timeout: the longest one view's `prepare` may take, in seconds; nil for no limit.
    ///   - releaseMemory, log: as `Server` takes them.
    public init(
        plugins: PluginCatalog, output: any MessageOutput, workbenchCheckout: String?, timeout: Double?,
        releaseMemory: @escaping @Sendable () -> Void = {}, log: @escaping @Sendable (String) -> Void
    ) {
        self.plugins = plugins
        self.output = output
        self.workbenchCheckout = workbenchCheckout
        self.log = log
        let relay = NotificationRelay()
        client = EngineClient(
            plugins: plugins, timeout: timeout, releaseMemory: releaseMemory, log: log,
            onNotification: { relay.server?.engineNotified($0) })
        relay.server = self
    }

    /// Serves MCP on `input` until it ends; returns the exit status (0).
    ///
    /// Messages over `maximumMessageSize` are refused from their start, without being held.
    public func serve(input: Int32, maximumMessageSize: Int = 64 << 20) -> Int32 {
        var reader = MessageReader(input: input, maximumMessageSize: maximumMessageSize)
        while let events = reader.next() {
            for event in events {
                switch event {
                case .message(let bytes): receive(bytes)
                case .malformed(let reason): output.send(Response.error(id: nil, .parseError(reason)))
                }
            }
        }
        // The client has gone: cancel what still runs, and wait (briefly) for it to end.
        for call in withState({ Array($0.inFlight.values) }) { call.cancel() }
        _ = work.wait(timeout: .now() + 2)
        return client.engine.stop(abandoned: true)
    }

    /// Handles one message: a request, a notification, or a reply (ignored: no requests are sent).
    func receive(_ bytes: [UInt8]) {
        let message: JSONValue, idTokens: [Int: String]
        do {
            (message, idTokens) = try JSONParser.parseMessage(bytes[...])
        } catch {
            return output.send(Response.error(id: nil, .parseError(error.description)))
        }
        if case .array = message {
            return output.send(
                Response.error(
                    id: nil, .invalidRequest("batches are not part of MCP 2025-06-18; send one message at a time")))
        }
        if message["method"] == nil, message["id"] != nil, message["result"] != nil || message["error"] != nil {
            return
        }
        switch RPCRequest.from(message, idToken: idTokens[0]) {
        case .failure(let invalid):
            if !invalid.isNotification { output.send(Response.error(id: invalid.id, invalid.error)) }
        case .success(let request):
            guard let id = request.id else { return handleNotification(request) }
            switch request.method {
            case "tools/call":
                startToolCall(id: id, params: request.params)
            case "initialize", "ping":
                reply(id, Result { () throws(RPCError) in try handleRequest(request) })
            default:
                // In order with the tool calls: a resource list sees the workspaces opened before it.
                work.enter()
                calls.async { [self] in
                    reply(id, Result { () throws(RPCError) in try handleRequest(request) })
                    work.leave()
                }
            }
        }
    }

    /// Answers request `id`.
    func reply(_ id: RequestID, _ result: Result<JSONValue, RPCError>) {
        switch result {
        case .success(let value):
            var writer = JSONWriter()
            writer.json(value)
            output.send(Response.result(id: id, writer.bytes))
        case .failure(let error):
            output.send(Response.error(id: id, error))
        }
    }

    /// Sends a notification to the client.
    func notify(_ method: String, _ params: JSONValue) {
        var writer = JSONWriter()
        writer.json(["jsonrpc": "2.0", "method": .string(method), "params": params])
        output.send(writer.bytes)
    }

    func withState<T: Sendable>(_ body: (inout State) -> T) -> T { state.withLock { body(&$0) } }

    var initialized: Bool {
        get { withState { $0.isInitialized } }
        set { withState { $0.isInitialized = newValue } }
    }

    /// Queues a tool call behind the earlier ones, tracked for cancellation; a cancelled call
    /// gets no answer (as the protocol asks).
    private func startToolCall(id: RequestID, params: JSONValue) {
        guard initialized else { return reply(id, .failure(.invalidRequest("send 'initialize' first"))) }
        let call = ToolCall(id: id, params: params, server: self)
        let isDuplicate = withState { state -> Bool in
            guard state.inFlight[id] == nil else { return true }
            state.inFlight[id] = call
            if let progress = call.progress { state.progressRelays[progress.internalToken] = progress }
            return false
        }
        guard !isDuplicate else { return reply(id, .failure(.invalidRequest("request id \(id) is already in use"))) }
        work.enter()
        calls.async { [self] in
            let result = call.isCancelled ? .failure(.invalidRequest("cancelled")) : call.run()
            withState { $0.inFlight[id] = nil }
            call.finishProgress()
            if !call.isCancelled { reply(id, result) }
            work.leave()
        }
    }

    /// `notifications/cancelled {requestId}`: the call stops, its plugin's cancel flag raised.
    func cancel(_ id: RequestID) {
        withState { $0.inFlight[id] }?.cancel()
    }
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
