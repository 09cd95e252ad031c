import LayoutKit

/// Why a call into a plugin gave no usable answer.
public enum PluginCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The plugin reported an error itself (options, data, layout, or that it was cancelled).
    case reported(LayoutError)
    /// The plugin returned an error status from a call that has no error details.
    case failed(plugin: String, operation: String, status: Int)
    /// A record the plugin wrote breaks the ABI's rules: `element` and `field` name it.
    case badRecord(plugin: String, element: String, field: String, problem: String)
    /// The plugin's host process died (a signal's name, "SIGSEGV", or "exit status N").
    case crashed(plugin: String, signal: String, operation: String)
    /// The plugin sandbox stopped the plugin's host process for what it tried: `refused` names it
    /// ("system call socket refused", "memory limit of 2 GiB reached"), `signal` how it ended.
    case stoppedBySandbox(plugin: String, refused: String, signal: String, operation: String)
    /// The plugin ran past the time limit and was stopped.
    case timedOut(plugin: String, operation: String, seconds: Double)
    /// The request was cancelled while the plugin worked (and, if it did not stop, it was killed).
    case cancelled
    /// The plugin cannot be used until it is reloaded.
    case broken(plugin: String, reason: String)

    public var description: String {
        switch self {
        case .reported(let error): return error.description
        case .failed(let plugin, let operation, let status):
            return
                "plugin '\(plugin)' failed in \(operation) with status \(status)\(Self.statusName(status).map { " (\($0))" } ?? "")"
        case .badRecord(let plugin, let element, let field, let problem):
            return "plugin '\(plugin)' gave \(element) a bad \(field): \(problem)"
        case .crashed(let plugin, let signal, let operation):
            return "plugin '\(plugin)' crashed (\(signal)) in \(operation)"
        case .stoppedBySandbox(let plugin, let refused, let signal, let operation):
            return
                "plugin '\(plugin)' was stopped by the plugin sandbox in \(operation): \(refused) (\(signal))"
        case .timedOut(let plugin, let operation, let seconds):
            return "plugin '\(plugin)' took longer than \(seconds.compactDescription) s in \(operation) and was stopped"
        case .cancelled: return "cancelled"
        case .broken(let plugin, let reason): return "plugin '\(plugin)' is disabled: \(reason)"
        }
    }

    /// Facts for a client (JSON-RPC error `data`): the plugin, the element, the signal….
    public var details: [String: String] {
        switch self {
        case .reported, .cancelled: return [:]
        case .failed(let plugin, let operation, let status):
            return ["plugin": plugin, "operation": operation, "status": "\(status)"]
        case .badRecord(let plugin, let element, let field, _):
            return ["plugin": plugin, "element": element, "field": field]
        case .crashed(let plugin, let signal, let operation):
            return ["plugin": plugin, "signal": signal, "operation": operation]
        case .stoppedBySandbox(let plugin, let refused, let signal, let operation):
            return ["plugin": plugin, "sandbox": refused, "signal": signal, "operation": operation]
        case .timedOut(let plugin, let operation, _): return ["plugin": plugin, "operation": operation]
        case .broken(let plugin, _): return ["plugin": plugin]
        }
    }

    static func statusName(_ status: Int) -> String? {
        switch status {
        case 1: return "WB_ERROR_OPTIONS"
        case 2: return "WB_ERROR_DATA"
        case 3: return "WB_ERROR_LAYOUT"
        case 4: return "WB_ERROR_CANCELLED"
        default: return nil
        }
    }
}
