import JSON

/// `$/progress {token, value}`: LSP's work-done progress of a request whose params carried
/// `workDoneToken` — `{kind: "begin", title}`, then `{kind: "report", percentage}`, then
/// `{kind: "end"}`.
public struct ProgressNotification: EngineNotification {
    /// One step of the request's progress.
    public enum Value: Sendable, Equatable {
        case begin(title: String)
        /// Whole percentages, 0…100, each higher than the last.
        case report(percentage: Int)
        case end
    }

    public static let method = "$/progress"
    /// The request's `workDoneToken`: a string or a number.
    public var token: JSONValue
    public var value: Value

    public init(token: JSONValue, value: Value) {
        self.token = token
        self.value = value
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("token"); writer.json(token)
        writer.key("value")
        writer.beginObject()
        switch value {
        case .begin(let title):
            writer.key("kind"); writer.string("begin")
            writer.key("title"); writer.string(title)
        case .report(let percentage):
            writer.key("kind"); writer.string("report")
            writer.key("percentage"); writer.integer(percentage)
        case .end:
            writer.key("kind"); writer.string("end")
        }
        writer.endObject()
        writer.endObject()
    }
}
