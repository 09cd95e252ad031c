import JSON
import JSONRPC
import LayoutKit

/// A rect query's answer as the engine wrote it, straight from the plugin's records:
/// `{elements: [attributes…], labels?: [text | null…]}`. Only the wire writes it; a client in
/// the process reads it back (`answer()`).
public struct EncodedElements: Sendable {
    /// The JSON, its numbers checked finite.
    package let bytes: [UInt8]

    package init(bytes: [UInt8]) { self.bytes = bytes }

    /// The elements read back: as written (plugins' extra fields included), and as attributes.
    public func answer() throws(RPCError) -> ElementsAnswer {
        let result: JSONValue
        do {
            result = try JSONParser.parse(bytes[...])
        } catch {
            throw .internalError("the engine's result is not JSON: \(error)")
        }
        guard case .array(let elements)? = result["elements"] else {
            throw .internalError("query answered no 'elements' array")
        }
        var attributes: [LayoutAttributes] = []
        attributes.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let decoded = LayoutAttributes(json: element) else {
                throw .internalError("query answered unreadable attributes at elements[\(index)]")
            }
            attributes.append(decoded)
        }
        let labels = result["labels"]?.arrayValue?.map(\.stringValue) ?? []
        return ElementsAnswer(elements: elements, attributes: attributes, labels: labels)
    }
}
