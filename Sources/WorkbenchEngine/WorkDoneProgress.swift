import EngineProtocol
import Foundation
import JSON
import JSONRPC
import Synchronization

/// LSP's work-done progress for one request whose params carry `workDoneToken`: `$/progress
/// {token, value}` notifications — `{kind: "begin", title}`, then `{kind: "report",
/// percentage}` (whole numbers, each larger than the last, 0…100), then `{kind: "end"}` —
/// all written before the request's response.
final class WorkDoneProgress: Sendable {
    private let token: JSONValue
    private let output: any NotificationOutput
    private let lastPercentage = Mutex(-1)

    /// Nil without a token (`EngineMessage.workDoneToken`).
    init?(token: JSONValue?, output: any NotificationOutput) {
        guard let token else { return nil }
        self.token = token
        self.output = output
    }

    func begin(title: String) {
        send(.begin(title: title))
    }

    /// Reports a fraction done (0…1); sent only when its whole percentage is higher than the last sent.
    func report(_ fraction: Double) {
        guard fraction.isFinite else { return }
        let percentage = Int((min(1, max(0, fraction)) * 100).rounded(.down))
        let isNew = lastPercentage.withLock { last in
            guard percentage > last else { return false }
            last = percentage
            return true
        }
        guard isNew else { return }
        send(.report(percentage: percentage))
    }

    func end() {
        send(.end)
    }

    private func send(_ value: ProgressNotification.Value) {
        output.send(RPCNotification(ProgressNotification(token: token, value: value)))
    }
}
