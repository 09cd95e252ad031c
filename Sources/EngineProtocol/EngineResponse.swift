import JSON
import JSONRPC

/// A request's answer as a value; its JSON is written only where it leaves the process.
public protocol EngineResponse: MessageResult {
    /// Writes the answer as one JSON value.
    func write(to writer: inout JSONWriter)
    /// Whether a number that is not finite makes the answer a layout error (-32004): JSON cannot
    /// carry it, and a `null` in its place would be a wrong answer.
    static var refusesNonFiniteNumbers: Bool { get }
}

extension EngineResponse {
    public func encodedResult() throws(RPCError) -> [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return Self.refusesNonFiniteNumbers ? try writer.checkedBytes() : writer.bytes
    }
}

extension JSONWriter {
    /// The bytes written, unless a number among them was not finite: then a layout error (-32004).
    package func checkedBytes() throws(RPCError) -> [UInt8] {
        guard nonFiniteNumberCount == 0 else {
            throw RPCError(
                code: RPCError.layoutErrorCode,
                message: "the layout produced \(nonFiniteNumberCount) number(s) that are not finite (NaN or infinite)")
        }
        return bytes
    }
}

extension EngineResponse {
    /// The answer as a JSON value, for a front end that passes it on inside its own messages
    /// (`workbench mcp`'s structured results).
    public func jsonValue() throws(RPCError) -> JSONValue {
        let bytes = try encodedResult()
        do {
            return try JSONParser.parse(bytes[...])
        } catch {
            throw .internalError("the engine's answer is not JSON: \(error)")
        }
    }
}
