import JSONRPC
import RequestParams

/// `textDocument/codeLens {textDocument}` → `[CodeLens]`: "Open in preview" on each view.
package enum CodeLensMethod: DocumentMethod {
    package static let name = "textDocument/codeLens"

    package static func run(_ params: Params, host: some LanguageHost) throws(RPCError) -> [UInt8] {
        guard let document = try params.workspaceDocument(in: host.documents) else { return Array("[]".utf8) }
        return encoded(document.codeLenses(encoding: host.documents.encoding))
    }
}
