import JSON

/// A JSON-RPC error object: code, message, and optional data.
public struct RPCError: Error, Equatable, Sendable {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    // JSON-RPC 2.0's codes.
    public static func parseError(_ message: String) -> RPCError {
        RPCError(code: -32700, message: "parse error: \(message)")
    }
    public static func invalidRequest(_ message: String) -> RPCError {
        RPCError(code: -32600, message: "invalid request: \(message)")
    }
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: -32601, message: "method not found: \(method)")
    }
    public static func invalidParams(_ message: String) -> RPCError {
        RPCError(code: -32602, message: "invalid params: \(message)")
    }
    public static func internalError(_ message: String) -> RPCError {
        RPCError(code: -32603, message: "internal error: \(message)")
    }

    // The workbench's codes.
    public static let workspaceErrorCode = -32001
    public static let pluginErrorCode = -32002
    public static let unknownViewCode = -32003
    public static let layoutErrorCode = -32004
    public static let requestCancelledCode = -32800

    public static func unknown(_ what: String) -> RPCError { RPCError(code: unknownViewCode, message: what) }
    public static let requestCancelled = RPCError(code: requestCancelledCode, message: "request cancelled")
}
