import Foundation
import JSON
import JSONRPC
import PluginHost
import PluginIsolation
import WorkbenchEngine

/// The engine in process, driven the way `ServerClient` drives `workbench serve` — the same
/// calls, the same answers as Foundation values — but through `EngineClient`: no process, no
/// pipes, no framing. For the engine's behaviour; what only a process shows (stdio and its
/// framing, batches on the wire, exit statuses, memory) keeps `ServerClient`.
public final class EngineSession: @unchecked Sendable {  // Unchecked: `received` is guarded by `condition`.
    private let client: EngineClient
    private let condition = NSCondition()
    private var received: [Any] = []

    /// An engine over the plugins `serve --plugins FOLDER…` finds (the folders, then the built
    /// ones beside the executable), run as `serve --isolation ISOLATION` runs them: `process`
    /// (the default: described by a child, run in children in `sandbox`) or `none` (loaded into
    /// the tests' process).
    public init(isolation: String = "process", plugins: [String] = [], sandbox: PluginSandbox = PluginSandbox()) {
        let folders = PluginRegistry.searchFolders(
            explicit: plugins, environment: [:], executableDirectory: BuildProducts.directory
        ).map(\.path)
        let catalog: PluginCatalog
        if isolation == "none" {
            catalog = .inProcess(PluginRegistry.discover(in: folders))
        } else {
            let executable = BuildProducts.executable("workbench")
            let describer = PluginDescriber(executable: executable, timeout: 10, sandbox: sandbox)
            let registry = PluginRegistry.discover(in: folders, loading: describer.describe)
            catalog = .isolated(registry, executable: executable, sandbox: sandbox)
        }
        let inbox = Inbox()
        client = EngineClient(plugins: catalog, onNotification: { inbox.receive($0) })
        inbox.session = self
    }

    deinit { client.stop() }

    /// Sends a request and waits for its response (`{jsonrpc, id, result}` or `{…, error}`).
    public func request(_ method: String, _ params: [String: Any]? = nil, id: Int) -> [String: Any]? {
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params ?? [:]])
        return response(id: id)
    }

    /// Sends a notification (no id, no answer).
    public func notify(_ method: String, _ params: [String: Any]? = nil) {
        client.notify(method, Self.json(params ?? [:]))
    }

    /// Sends one request message (`{id, method, params}`) and returns once the engine has taken
    /// it in, in order after those sent before; its response arrives in `messages`.
    public func send(_ message: [String: Any]) {
        let method = message["method"] as? String ?? "", params = Self.json(message["params"] ?? [:])
        guard let id = message["id"] as? Int else { return client.notify(method, params) }
        let taken = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [client] in
            let result = client.callEncoded(method, params) { _ in taken.signal() }
            var response: [String: Any] = ["jsonrpc": "2.0", "id": id]
            switch result {
            case .success(let bytes): response["result"] = Self.foundation(bytes)
            case .failure(let error):
                var object: [String: Any] = ["code": error.code, "message": error.message]
                if let data = error.data { object["data"] = Self.foundation(data) }
                response["error"] = object
            }
            self.append(response)
        }
        taken.wait()
    }

    /// Waits for the response with `id`.
    public func response(id: Int, timeout: TimeInterval = 60) -> [String: Any]? {
        waitFor(timeout: timeout) { $0.compactMap { $0 as? [String: Any] }.first { ($0["id"] as? Int) == id } }
    }

    /// Waits for a notification of `method` whose params satisfy `matching`; returns its params.
    public func notification(
        _ method: String, timeout: TimeInterval = 60, where matching: ([String: Any]) -> Bool = { _ in true }
    ) -> [String: Any]? {
        waitFor(timeout: timeout) { messages in
            messages.lazy.compactMap { $0 as? [String: Any] }
                .filter { $0["method"] as? String == method }
                .compactMap { $0["params"] as? [String: Any] }
                .first(where: matching)
        }
    }

    /// Everything received so far: responses and notifications, in the order they came.
    public var messages: [Any] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    /// The ids of the responses received so far, in the order they came.
    public var responseOrder: [Int] { messages.compactMap { ($0 as? [String: Any])?["id"] as? Int } }

    /// Ends the engine (as the end of `serve`'s input does); 0, as `serve` exits then.
    @discardableResult
    public func finish() -> Int32 {
        client.stop()
        return 0
    }

    private func append(_ message: Any) {
        condition.lock()
        received.append(message)
        condition.broadcast()
        condition.unlock()
    }

    private func waitFor<T>(timeout: TimeInterval, _ find: ([Any]) -> T?) -> T? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let found = find(received) { return found }
            guard condition.wait(until: deadline) else { return find(received) }
        }
    }

    /// Hands notifications to the session once it exists (the engine may send one at start).
    private final class Inbox: @unchecked Sendable {  // Unchecked: `session` is set once, before requests.
        weak var session: EngineSession?
        func receive(_ notification: EngineNotification) {
            session?.append(
                [
                    "jsonrpc": "2.0", "method": notification.method,
                    "params": EngineSession.foundation(notification.params),
                ])
        }
    }

    static func json(_ value: Any) -> JSONValue {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])) ?? Data("{}".utf8)
        return (try? JSONParser.parse(Array(data)[...])) ?? .object([])
    }

    static func foundation(_ bytes: [UInt8]) -> Any {
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) ?? NSNull()
    }

    static func foundation(_ value: JSONValue) -> Any {
        var writer = JSONWriter()
        writer.json(value)
        return foundation(writer.bytes)
    }
}
