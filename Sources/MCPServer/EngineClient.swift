import Foundation
import JSON
import JSONOutput
import JSONRPC
import WorkbenchServer

/// Talks the layout protocol to the in-process engine (`WorkbenchServer.Server`) as its
/// client: each call sends one request and waits for its reply; the engine's notifications
/// (`workspace/didChange`, `plugins/didChange`, `$/progress`) go to `onNotification`.
///
/// It is the engine's `MessageOutput`: replies are routed back to the waiting call by id.
final class EngineClient: MessageOutput, @unchecked Sendable {  // Unchecked: `waiting`, `nextID` and `server` under `lock`; `receiveLock` serialises the engine's input.
    private let lock = NSLock()
    /// Held while a message is handed to the engine, which takes one at a time.
    private let receiveLock = NSLock()
    private var waiting: [Int: Waiter] = [:]
    private var nextID = 1
    private weak var server: Server?
    /// Receives each notification the engine sends: its method and params.
    let onNotification: @Sendable (String, JSONValue) -> Void

    /// One call's reply slot.
    private final class Waiter: @unchecked Sendable {  // Unchecked: `result` is written once before `done` is signalled, read after.
        let done = DispatchSemaphore(value: 0)
        var result: Result<JSONValue, RPCError> = .failure(.internalError("no reply"))
    }

    init(onNotification: @escaping @Sendable (String, JSONValue) -> Void) {
        self.onNotification = onNotification
    }

    /// Connects the engine; call once, before the first call.
    func attach(_ server: Server) {
        lock.withLock { self.server = server }
    }

    /// Sends `method` with `params` and waits for the reply.
    ///
    /// - Parameter sent: receives the request's id once the engine has it (to cancel it later).
    func call(_ method: String, _ params: JSONValue, sent: (Int) -> Void = { _ in }) -> Result<JSONValue, RPCError> {
        let waiter = Waiter()
        let (id, server) = lock.withLock { () -> (Int, Server?) in
            defer { nextID += 1 }
            waiting[nextID] = waiter
            return (nextID, self.server)
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
        return waiter.result
    }

    /// Asks the engine to cancel request `id` (`$/cancelRequest`): the plugin's cancel flag is raised.
    func cancel(_ id: Int) {
        guard let server = lock.withLock({ self.server }) else { return }
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
              let waiter = lock.withLock({ waiting.removeValue(forKey: id) }) else { return }
        if let error = value["error"] {
            waiter.result = .failure(RPCError(code: error["code"]?.numberValue.flatMap { Int(exactly: $0) } ?? -32603,
                                              message: error["message"]?.stringValue ?? "unknown error", data: error["data"]))
        } else {
            waiter.result = .success(value["result"] ?? .null)
        }
        waiter.done.signal()
    }
}
