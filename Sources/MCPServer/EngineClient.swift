import Foundation
import JSON
import JSONOutput
import JSONRPC
import Synchronization
import WorkbenchServer

/// Talks the layout protocol to the in-process engine (`WorkbenchServer.Server`) as its
/// client: each call sends one request and waits for its reply; the engine's notifications
/// (`workspace/didChange`, `plugins/didChange`, `$/progress`) go to `onNotification`.
///
/// It is the engine's `MessageOutput`: replies are routed back to the waiting call by id.
final class EngineClient: MessageOutput, Sendable {
    private let state = Mutex(State())
    /// Held while a message is handed to the engine, which takes one at a time.
    private let receiveLock = NSLock()

    private struct State {
        var waiting: [Int: Waiter] = [:]
        var nextID = 1
        weak var server: Server?
    }
    /// Receives each notification the engine sends: its method and params.
    let onNotification: @Sendable (String, JSONValue) -> Void

    /// One call's reply slot.
    private final class Waiter: Sendable {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<JSONValue, RPCError>>(.failure(.internalError("no reply")))
    }

    init(onNotification: @escaping @Sendable (String, JSONValue) -> Void) {
        self.onNotification = onNotification
    }

    /// Connects the engine; call once, before the first call.
    func attach(_ server: Server) {
        state.withLock { $0.server = server }
    }

    /// Sends `method` with `params` and waits for the reply.
    ///
    /// - Parameter sent: receives the request's id once the engine has it (to cancel it later).
    func call(_ method: String, _ params: JSONValue, sent: (Int) -> Void = { _ in }) -> Result<JSONValue, RPCError> {
        let waiter = Waiter()
        let (id, server) = state.withLock { state -> (Int, Server?) in
            defer { state.nextID += 1 }
            state.waiting[state.nextID] = waiter
            return (state.nextID, state.server)
        }
        guard let server else { return .failure(.internalError("the engine is not running")) }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("id"); writer.integer(id)
        writer.key("jsonrpc"); writer.string("2.0")
        writer.key("method"); writer.string(method)
        writer.key("params"); writer.json(params)
        writer.endObject()
        receiveLock.withLock { server.receive(writer.bytes) }
        sent(id)
        waiter.done.wait()
        return waiter.result.withLock { $0 }
    }

    /// Asks the engine to cancel request `id` (`$/cancelRequest`): the plugin's cancel flag is raised.
    func cancel(_ id: Int) {
        guard let server = state.withLock({ $0.server }) else { return }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("jsonrpc"); writer.string("2.0")
        writer.key("method"); writer.string("$/cancelRequest")
        writer.key("params"); writer.beginObject(); writer.key("id"); writer.integer(id); writer.endObject()
        writer.endObject()
        receiveLock.withLock { server.receive(writer.bytes) }
    }

    /// A message from the engine: a reply to a call, or a notification.
    func send(_ message: [UInt8]) {
        guard let value = try? JSONParser.parse(message[...]) else { return }
        if case .string(let method)? = value["method"] {
            onNotification(method, value["params"] ?? .object([]))
            return
        }
        guard case .number(let number)? = value["id"], let id = Int(exactly: number),
            let waiter = state.withLock({ $0.waiting.removeValue(forKey: id) })
        else { return }
        let result: Result<JSONValue, RPCError>
        if let error = value["error"] {
            result = .failure(
                RPCError(
                    code: error["code"]?.numberValue.flatMap { Int(exactly: $0) } ?? -32603,
                    message: error["message"]?.stringValue ?? "unknown error", data: error["data"]))
        } else {
            result = .success(value["result"] ?? .null)
        }
        waiter.result.withLock { $0 = result }
        waiter.done.signal()
    }
}
