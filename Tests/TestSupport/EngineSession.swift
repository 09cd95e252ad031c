import Foundation
import JSONRPC
import PluginHost
import PluginIsolation
import WorkbenchEngine

/// The engine in process, driven the way `ServerClient` drives `workbench serve` — the same
/// calls, the same answers as Foundation values — through `EngineConnection`, the engine's
/// own message path in serve and the preview, with no process, pipes or framing in between.
/// For the engine's behaviour; what only a process shows (stdio and its framing, exit
/// statuses, memory) keeps `ServerClient`.
public final class EngineSession: @unchecked Sendable {  // Unchecked: `received` is guarded by `condition`.
    private let connection: EngineConnection
    private let condition = NSCondition()
    private var received: [Any] = []
    /// `EngineConnection.receive` takes one message at a time, in arrival order.
    private let sending = NSLock()
    private var finished = false

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
        connection = EngineConnection(plugins: catalog, output: inbox, log: { _ in })
        inbox.session = self
        connection.start()
    }

    deinit {
        if !finished { _ = connection.stop(abandoned: true) }
    }

    /// Sends a request and waits for its response (`{jsonrpc, id, result}` or `{…, error}`).
    public func request(_ method: String, _ params: [String: Any]? = nil, id: Int) -> [String: Any]? {
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        send(message)
        return response(id: id)
    }

    /// Sends a notification (no id, no answer).
    public func notify(_ method: String, _ params: [String: Any]? = nil) {
        var message: [String: Any] = ["jsonrpc": "2.0", "method": method]
        if let params { message["params"] = params }
        send(message)
    }

    /// Sends one message (an object, or an array: a batch); its answers arrive in `messages`.
    public func send(_ message: Any) {
        let bytes = (try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])) ?? Data()
        sending.withLock { connection.receive(Array(bytes)) }
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

    /// Ends the engine (as the end of `serve`'s input does) and returns its exit status.
    @discardableResult
    public func finish() -> Int32 {
        finished = true
        return connection.stop()
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

    /// Takes each message the engine sends (replies, batches, notifications) to the session.
    private final class Inbox: MessageOutput, @unchecked Sendable {  // Unchecked: `session` is set once, first.
        weak var session: EngineSession?
        func send(_ message: [UInt8]) {
            let value =
                (try? JSONSerialization.jsonObject(with: Data(message)))
                ?? ["unparseable": String(decoding: message, as: UTF8.self)]
            session?.append(value)
        }
    }
}
