import JSONRPC
import LanguageServer

/// `textDocument/definition {textDocument, position}` → `Location` or null: from a view's
/// `source:` to the source, from a `file:` path to the data file.
enum DefinitionMethod: ControlMethod {
    static let name = "textDocument/definition"

    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8] {
        let position = try params.position()
        guard let document = try params.workspaceDocument(in: engine) else { return Array("null".utf8) }
        return encoded(document.definition(at: position, encoding: engine.documents.encoding))
    }
}
