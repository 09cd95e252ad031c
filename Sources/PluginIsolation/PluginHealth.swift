import Foundation
import Synchronization

/// A plugin's crash record, shared by all its children: 3 crashes within a minute mark it
/// broken until it is reloaded.
final class PluginHealth: Sendable {
    static let crashLimit = 3
    static let window = 60.0
    private let state = Mutex<(crashTimes: [Double], reason: String?)>(([], nil))

    /// Why the plugin may not be used, if it may not.
    var brokenReason: String? { state.withLock { $0.reason } }

    /// Counts a crash now.
    func recordCrash() {
        let now = ProcessInfo.processInfo.systemUptime
        state.withLock { state in
            state.crashTimes = state.crashTimes.filter { now - $0 < Self.window } + [now]
            if state.crashTimes.count >= Self.crashLimit {
                state.reason = "it crashed \(state.crashTimes.count) times in a minute; reload it to use it again"
            }
        }
    }

    /// Marks the plugin unusable for `why`.
    func markBroken(_ why: String) { state.withLock { $0.reason = why } }
}

/// Every plugin process alive, so that all can be killed at once when the workbench exits.
enum LiveChildren {
    private static let pids = Mutex<Set<pid_t>>([])

    static func insert(_ pid: pid_t) { _ = pids.withLock { $0.insert(pid) } }
    static func remove(_ pid: pid_t) { _ = pids.withLock { $0.remove(pid) } }

    /// Sends SIGKILL to every child still alive.
    static func killAll() {
        pids.withLock { for pid in $0 { kill(pid, SIGKILL) } }
    }
}
