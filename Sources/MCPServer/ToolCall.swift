import EngineProtocol
import Foundation
import JSON
import JSONRPC
import LayoutKit
import Synchronization
import WorkbenchEngine

/// One `tools/call` in flight: its arguments, its engine requests (to cancel them), and its
/// progress relay when the client sent a `progressToken`.
final class ToolCall: Sendable {
    let id: RequestID
    let params: JSONValue
    unowned let server: MCPSession
    let progress: ProgressRelay?
    private let state = Mutex<(engineRequests: Set<RequestID>, cancelled: Bool)>(([], false))

    init(id: RequestID, params: JSONValue, server: MCPSession) {
        self.id = id
        self.params = params
        self.server = server
        switch params["_meta"]?["progressToken"] {
        case let token? where token.stringValue != nil || token.numberValue != nil:
            progress = ProgressRelay(token: token, internalToken: "mcp-\(id)", server: server)
        default:
            progress = nil
        }
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Runs the tool named in `params.name`: its result, `isError: true` for what went wrong
    /// in the call; a protocol error only for an unknown tool or malformed `params`.
    func run() -> Result<JSONValue, RPCError> {
        guard case .string(let name)? = params["name"] else {
            return .failure(.invalidParams("params.name: expected a tool name (a string)"))
        }
        guard let tool = ToolTable.tool(named: name) else {
            return .failure(
                .invalidParams(
                    "unknown tool '\(name)'; tools: \(ToolTable.tools.map { $0.name }.joined(separator: ", "))"))
        }
        let arguments = params["arguments"] ?? .object([])
        do throws(ToolError) {
            let args = try Arguments(arguments, allowed: tool.parameters, required: tool.required)
            return .success(try tool.run(args, self).message)
        } catch {
            return .success(error.message)
        }
    }

    /// Sends a request to the engine for this call and waits for its answer; with a progress
    /// token, the engine reports progress for it (`workDoneToken`).
    func engine<Request: EngineRequest>(_ request: Request) throws(ToolError) -> Request.Response {
        try perform { token, sent in server.client.send(request, workDoneToken: token, sent: sent) }
    }

    /// Asks the engine what the call needs to know (`describe`): as `engine`, but no progress
    /// is reported for it — the client's progress counts the call's work.
    func ask<Request: EngineRequest>(_ request: Request) throws(ToolError) -> Request.Response {
        try perform(reportingProgress: false) { token, sent in
            server.client.send(request, workDoneToken: token, sent: sent)
        }
    }

    /// Sends a request given as the JSON params the agent's arguments make (the engine reads
    /// them where the method runs, its errors naming `params.…`) and waits for its answer.
    func engine<Request: EngineRequest>(_ type: Request.Type, params: JSONValue) throws(ToolError)
        -> Request.Response
    {
        try perform { token, sent in server.client.send(type, params: params, workDoneToken: token, sent: sent) }
    }

    /// The shape `layout`'s plugin declares for its cells (`plugins`); a rectangle if it is gone.
    func cellShape(of layout: String) throws(ToolError) -> CellShape {
        try engine(PluginsRequest()).plugins.first { $0.name == layout }?.cellShape ?? .rectangle
    }

    /// Runs one engine request for this call: cancellable, with the call's progress token
    /// unless not `reportingProgress`.
    private func perform<Answer>(
        reportingProgress: Bool = true, _ send: (JSONValue?, (RequestID) -> Void) -> Result<Answer, RPCError>
    ) throws(ToolError) -> Answer {
        if isCancelled { throw ToolError.cancelled }
        let token: JSONValue? = reportingProgress ? progress.map { .string($0.internalToken) } : nil
        let result = send(token) { id in
            // A cancellation that came before this request was registered is passed on now.
            let raise = state.withLock { state -> Bool in
                state.engineRequests.insert(id)
                return state.cancelled
            }
            if raise { server.client.cancel(id) }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw ToolError(error)
        }
    }

    /// Stops the call: its engine requests are cancelled (their plugins' cancel flags raised).
    func cancel() {
        let requests = state.withLock { state -> Set<RequestID> in
            state.cancelled = true
            return state.engineRequests
        }
        for id in requests { server.client.cancel(id) }
    }

    /// Ends the call's progress: no more notifications for its token.
    func finishProgress() {
        guard let progress else { return }
        server.withState { $0.progressRelays[progress.internalToken] = nil }
    }
}

/// Turns the engine's `$/progress` for one tool call into MCP's `notifications/progress`:
/// `progress` counts up across the call's engine requests — each one spans 100 (its begin at
/// +0, its reports at +percentage, its end at +100) — and a value not above the last is dropped,
/// so the client sees strictly increasing numbers, all before the call's result.
final class ProgressRelay: Sendable {
    let token: JSONValue
    let internalToken: String
    unowned let server: MCPSession
    private let state = Mutex<(base: Double, last: Double)>((0, -1))

    init(token: JSONValue, internalToken: String, server: MCPSession) {
        self.token = token
        self.internalToken = internalToken
        self.server = server
    }

    /// One `$/progress` value: begin (with its title), a report (a percentage) or the end.
    func forward(_ value: ProgressNotification.Value) {
        let step: (Double, String?)? = state.withLock { state in
            let progress: Double, title: String?
            switch value {
            case .begin(let begun):
                (progress, title) = (state.base, begun)
            case .report(let percentage):
                (progress, title) = (state.base + Double(min(100, max(0, percentage))), nil)
            case .end:
                (progress, title) = (state.base + 100, nil)
                state.base += 100
            }
            guard progress > state.last else { return nil }
            state.last = progress
            return (progress, title)
        }
        guard let (progress, title) = step else { return }
        var params: JSONValue = ["progressToken": token, "progress": .number(progress)]
        if let title, case .object(var members) = params {
            members.append((key: "message", value: .string(title)))
            params = .object(members)
        }
        server.notify("notifications/progress", params)
    }
}
