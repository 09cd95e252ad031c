import JSONRPC
import LanguageServer

/// `textDocument/codeLens {textDocument}` → `[CodeLens]`: "Open in preview" on each view.
enum CodeLensMethod: ControlMethod {
    static let name = "textDocument/codeLens"

    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8] {
        guard let document = try params.workspaceDocument(in: engine) else { return Array("[]".utf8) }
        return encoded(document.codeLenses(encoding: engine.documents.encoding))
    }
}
