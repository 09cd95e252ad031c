/// Why a `ServeClient` call failed.
public enum ServeClientError: Error, Equatable, CustomStringConvertible {
    /// The server to start is not an executable file (the path given).
    case notExecutable(String)
    /// The server's input is closed (by `finish`, or by the server exiting): nothing was sent.
    case inputClosed
    /// The server's output ended before the next message.
    case outputEnded
    /// The server wrote bytes that could not be framed as a message (the reason).
    case malformedOutput(String)

    public var description: String {
        switch self {
        case .notExecutable(let path):
            return "no executable at \(path) (build it with `swift build`, or pass --workbench PATH)"
        case .inputClosed: return "the server's input is closed"
        case .outputEnded: return "the server's output ended before a message"
        case .malformedOutput(let reason): return "the server's output could not be framed: \(reason)"
        }
    }
}
