import JSONRPC
import RequestParams

/// `textDocument/definition {textDocument, position}` → `Location` or null: from a view's
/// `source:` to the source, from a `file:` path to the data file.
package enum DefinitionMethod: DocumentMethod {
    package static let name = "textDocument/definition"

    package static func run(_ params: Params, host: some LanguageHost) throws(RPCError) -> [UInt8] {
        let position = try params.position()
        guard let document = try params.workspaceDocument(in: host.documents) else { return Array("null".utf8) }
        return encoded(document.definition(at: position, encoding: host.documents.encoding))
    }
}
