import JSON
import NumberText

/// A request's id: a number or a string, echoed in its response exactly as it was sent.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    /// A number, with its token as written (`1.50`, `9007199254740993`): replies repeat the
    /// token, while equality (for `$/cancelRequest`) compares the values.
    case number(Double, text: String)
    case string(String)

    /// A numeric id without a token (made in code): integral values as integers.
    public static func number(_ value: Double) -> RequestID {
        .number(value, text: value.exactInteger.map(String.init) ?? "\(value)")
    }

    public var description: String {
        switch self {
        case .number(_, let text): return text
        case .string(let string): return "\"\(string)\""
        }
    }

    public static func == (lhs: RequestID, rhs: RequestID) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a, _), .number(let b, _)): return a == b
        case (.string(let a), .string(let b)): return a == b
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .number(let value, _): hasher.combine(0); hasher.combine(value)
        case .string(let string): hasher.combine(1); hasher.combine(string)
        }
    }
}

/// A request (with an id) or a notification (without), checked against JSON-RPC 2.0.
public struct RPCRequest: Sendable {
    /// Nil for notifications, which get no response.
    public var id: RequestID?
    public var method: String
    /// The `params` object; `.object([])` when absent.
    public var params: JSONValue

    public init(id: RequestID?, method: String, params: JSONValue = .object([])) {
        self.id = id
        self.method = method
        self.params = params
    }

    /// Checks one message of a batch (or a lone message).
    ///
    /// - Returns: the request, or the error to answer it with and the id to answer it under
    ///   (nil when the id itself is unusable).
    /// - Parameter idToken: the `id` number's text as sent (see `JSONParser.parseMessage`).
    public static func from(_ value: JSONValue, idToken: String? = nil) -> Result<RPCRequest, InvalidMessage> {
        guard case .object = value else {
            return .failure(
                InvalidMessage(
                    id: nil, error: .invalidRequest("a message must be an object, got \(value.kindDescription)")))
        }
        var id: RequestID?
        switch value["id"] {
        case nil: id = nil
        case .null?:
            return .failure(
                InvalidMessage(id: nil, error: .invalidRequest("'id' must be a number or a string, not null")))
        case .number(let number)?: id = idToken.map { .number(number, text: $0) } ?? .number(number)
        case .string(let string)?: id = .string(string)
        case let other?:
            return .failure(
                InvalidMessage(
                    id: nil, error: .invalidRequest("'id' must be a number or a string, got \(other.kindDescription)")))
        }
        let isNotification = value["id"] == nil
        func fail(_ message: String) -> Result<RPCRequest, InvalidMessage> {
            .failure(InvalidMessage(id: id, error: .invalidRequest(message), isNotification: isNotification))
        }
        guard value["jsonrpc"] == .string("2.0") else { return fail("'jsonrpc' must be \"2.0\"") }
        guard case .string(let method)? = value["method"] else { return fail("'method' must be a string") }
        // `params: null` is what many clients send for "no parameters": treat it as absent.
        var params = value["params"] ?? .object([])
        if params == .null { params = .object([]) }
        switch params {
        case .object: break
        case .array:
            return .failure(
                InvalidMessage(
                    id: id, error: .invalidParams("params must be an object (named parameters)"),
                    isNotification: isNotification))
        default: return fail("'params' must be an object or an array, got \(params.kindDescription)")
        }
        return .success(RPCRequest(id: id, method: method, params: params))
    }
}

/// A message that is not a valid request, and how to answer it.
public struct InvalidMessage: Error, Sendable {
    public var id: RequestID?
    public var error: RPCError
    /// Notifications get no answer, even when wrong.
    public var isNotification = false
}
