import JSON

/// A request's result as a value: written as JSON only by the transport that sends it.
public protocol MessageResult: Sendable {
    /// The result's JSON; throws the error to answer instead when JSON cannot carry it (a
    /// number that is not finite).
    func encodedResult() throws(RPCError) -> [UInt8]
}

/// A result already written as JSON (the language service's methods build theirs so).
public struct EncodedResult: MessageResult {
    public var bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public func encodedResult() -> [UInt8] { bytes }
}

extension JSONValue: MessageResult {
    /// The value's JSON, as it is (`workbench mcp` answers with values).
    public func encodedResult() -> [UInt8] {
        var writer = JSONWriter()
        writer.json(self)
        return writer.bytes
    }
}
