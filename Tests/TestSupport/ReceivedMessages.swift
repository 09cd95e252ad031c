import Foundation

/// The messages a server sent a test's client, in the order they came (Foundation values), and
/// the waits on them: shared by `ServerClient` (a process) and `EngineSession` (in process).
public final class ReceivedMessages: @unchecked Sendable {  // Unchecked: `received` is guarded by `condition`.
    private let condition = NSCondition()
    private var received: [Any] = []

    public init() {}

    /// Adds messages, in order, and wakes the waits.
    func append(_ messages: [Any]) {
        guard !messages.isEmpty else { return }
        condition.lock()
        received += messages
        condition.broadcast()
        condition.unlock()
    }

    /// Everything received so far.
    public var all: [Any] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    /// Waits until `find` finds something in the messages, or `timeout` seconds pass.
    public func waitFor<T>(timeout: TimeInterval, _ find: ([Any]) -> T?) -> T? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let found = find(received) { return found }
            guard condition.wait(until: deadline) else { return find(received) }
        }
    }
}

extension ProtocolSession {
    /// Waits for the response with `id`.
    public func response(id: Int, timeout: TimeInterval = 60) -> [String: Any]? {
        inbox.waitFor(timeout: timeout) { $0.compactMap { $0 as? [String: Any] }.first { ($0["id"] as? Int) == id } }
    }

    /// Waits for a notification of `method` whose params satisfy `matching`; returns its params.
    public func notification(
        _ method: String, timeout: TimeInterval = 60, where matching: ([String: Any]) -> Bool = { _ in true }
    ) -> [String: Any]? {
        inbox.waitFor(timeout: timeout) { messages in
            messages.lazy.compactMap { $0 as? [String: Any] }
                .filter { $0["method"] as? String == method }
                .compactMap { $0["params"] as? [String: Any] }
                .first(where: matching)
        }
    }

    /// Waits for the `index`-th message received (0-based), whatever it is.
    public func message(at index: Int, timeout: TimeInterval = 60) -> Any? {
        inbox.waitFor(timeout: timeout) { $0.count > index ? $0[index] : nil }
    }

    /// Everything received so far: responses, batches and notifications, in the order they came.
    public var messages: [Any] { inbox.all }

    /// The ids of the responses received so far, in order.
    public var responseOrder: [Int] { messages.compactMap { ($0 as? [String: Any])?["id"] as? Int } }
}
