/// How a child process ended.
public enum ProcessEnding: Equatable, Sendable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// It was killed by a signal it did not handle: a crash.
    case signalled(Int32)
    /// It was still running at the deadline, and was killed then: a hang.
    case timedOut

    public var description: String {
        switch self {
        case .exited(let status): return "exit status \(status)"
        case .signalled(let signal): return "killed by signal \(signal)"
        case .timedOut: return "still running at the deadline (killed)"
        }
    }
}
