import Foundation
import ServeClient

/// A real `workbench serve` (a `ServeClient`) fed the campaign's messages, its replies
/// collected as they arrive, and every byte sent kept for saving a failing session.
final class ServeSession {
    let client: ServeClient
    private let inbox = ReplyInbox()
    /// Every byte sent, for saving a failing session.
    private(set) var sent: [UInt8] = []

    init(workbench: String, framing: Framing) throws {
        client = try ServeClient(executable: workbench, framing: framing)
        let inbox = inbox
        client.startReading { inbox.take($0) }
    }

    func send(_ body: [UInt8]) {
        let framed = client.framing.frame(body)
        sent += framed
        client.sendRaw(framed)
    }

    /// Waits until at least `count` replies have arrived or `timeout` passes; returns all so
    /// far. Output that could not be framed comes as a reply of its own (the reason, which is
    /// not JSON), so that the checker counts it as a violation.
    func replies(atLeast count: Int, timeout: Double) -> [[UInt8]] {
        inbox.replies(atLeast: count, timeout: timeout)
    }

    /// Closes the input unless the server was told to exit, and waits for the exit (killed
    /// after `timeout`).
    func finish(closingInput: Bool, timeout: Double) -> ProcessEnding {
        client.finish(closingInput: closingInput, timeout: timeout)
    }
}

/// The replies the reading thread took, for a caller waiting for some number of them.
private final class ReplyInbox: @unchecked Sendable {
    // Unchecked: `replies` is touched under `condition` only.
    private let condition = NSCondition()
    private var replies: [[UInt8]] = []

    func take(_ event: ReplyFramer.Event) {
        condition.withLock {
            switch event {
            case .message(let body): replies.append(body)
            case .malformed(let reason): replies.append(Array("unframeable output: \(reason)".utf8))
            }
            condition.broadcast()
        }
    }

    func replies(atLeast count: Int, timeout: Double) -> [[UInt8]] {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while replies.count < count, condition.wait(until: deadline) {}
        return replies
    }
}
