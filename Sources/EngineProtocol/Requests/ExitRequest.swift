import JSON

/// `exit` (a notification, or a request answered `null`): nothing more is read.
public struct ExitRequest: EngineRequest {
    public typealias Response = NullResponse
    public static let method = "exit"

    public init() {}

    public init(json params: JSONValue) {}
}
