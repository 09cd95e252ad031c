import JSONRPC
import LanguageServer

/// `textDocument/codeLens {textDocument}` → `[CodeLens]`: "Open in preview" on each view.
enum CodeLensMethod: ControlMethod {
    static let name = "textDocument/codeLens"

    static func run(_ params: Params, server: Server) throws(RPCError) -> [UInt8] {
        guard let document = try params.workspaceDocument(in: server) else { return Array("[]".utf8) }
        return encoded(document.codeLenses(encoding: server.documents.encoding))
    }
}
