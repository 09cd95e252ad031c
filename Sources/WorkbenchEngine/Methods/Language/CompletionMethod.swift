import JSON
import JSONOutput
import JSONRPC
import LanguageServer

/// `textDocument/completion {textDocument, position}` → `CompletionList`: keys, source kinds,
/// layout names, options, source names or data file paths, for the schema place there.
enum CompletionMethod: ControlMethod {
    static let name = "textDocument/completion"

    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8] {
        let position = try params.position()
        guard let document = try params.workspaceDocument(in: engine) else { return Array("null".utf8) }
        return encoded(
            document.completion(at: position, encoding: engine.documents.encoding, plugins: engine.plugins.registry))
    }
}

/// The bytes of a result built as a `JSONValue`.
func encoded(_ value: JSONValue) -> [UInt8] {
    var writer = JSONWriter()
    writer.json(value)
    return writer.bytes
}
