import JSON

/// `shutdown` → `null`, once every request before it is answered; after it the engine answers
/// nothing but `exit`.
public struct ShutdownRequest: EngineRequest {
    public typealias Response = NullResponse
    public static let method = "shutdown"

    public init() {}

    public init(json params: JSONValue) {}
}
