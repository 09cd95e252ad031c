import JSON

/// `null`: the answer of a request with nothing to tell (`close`, `shutdown`, `exit`, `$/cancelRequest`).
public struct NullResponse: EngineResponse {
    public static let refusesNonFiniteNumbers = false

    public init() {}

    public func write(to writer: inout JSONWriter) { writer.null() }
}
