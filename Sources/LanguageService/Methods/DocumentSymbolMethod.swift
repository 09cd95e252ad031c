import JSONRPC
import RequestParams

/// `textDocument/documentSymbol {textDocument}` → `[DocumentSymbol]`: the sources and the
/// views, as an outline.
package enum DocumentSymbolMethod: DocumentMethod {
    package static let name = "textDocument/documentSymbol"

    package static func run(_ params: Params, host: some LanguageHost) throws(RPCError) -> [UInt8] {
        guard let document = try params.workspaceDocument(in: host.documents) else { return Array("[]".utf8) }
        return encoded(document.symbols(encoding: host.documents.encoding))
    }
}
