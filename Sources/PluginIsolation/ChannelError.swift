import Platform

/// Why talking to a plugin host process failed.
enum ChannelError: Error, Equatable, CustomStringConvertible {
    /// A system call failed with `errno`.
    case system(String, Int32)
    /// The peer closed its end (it exited or died).
    case closed
    /// The peer sent something this side does not accept.
    case protocolViolation(String)

    var description: String {
        switch self {
        case .system(let call, let code): return "\(call) failed: \(String(cString: strerror(code)))"
        case .closed: return "the plugin host closed its channel"
        case .protocolViolation(let what): return "the plugin host broke the protocol: \(what)"
        }
    }
}
