import Foundation

/// A plugin's crash record, shared by all its children: 3 crashes within a minute mark it
/// broken until it is reloaded.
final class PluginHealth: @unchecked Sendable {  // Unchecked: every field under `lock`.
    static let crashLimit = 3
    static let window = 60.0
    private let lock = NSLock()
    private var crashTimes: [Double] = []
    private var reason: String?

    /// Why the plugin may not be used, if it may not.
    var brokenReason: String? { lock.withLock { reason } }

    /// Counts a crash now.
    func recordCrash() {
        let now = ProcessInfo.processInfo.systemUptime
        lock.withLock {
            crashTimes = crashTimes.filter { now - $0 < Self.window } + [now]
            if crashTimes.count >= Self.crashLimit {
                reason = "it crashed \(crashTimes.count) times in a minute; reload it to use it again"
            }
        }
    }

    /// Marks the plugin unusable for `why`.
    func markBroken(_ why: String) { lock.withLock { reason = why } }
}

/// Every plugin process alive, so that all can be killed at once when the workbench exits.
enum LiveChildren {
    nonisolated(unsafe) private static var pids: Set<pid_t> = []  // Unsafe-annotated: only touched under `lock`.
    private static let lock = NSLock()

    static func insert(_ pid: pid_t) { _ = lock.withLock { pids.insert(pid) } }
    static func remove(_ pid: pid_t) { _ = lock.withLock { pids.remove(pid) } }

    /// Sends SIGKILL to every child still alive.
    static func killAll() {
        lock.withLock { for pid in pids { kill(pid, SIGKILL) } }
    }
}
