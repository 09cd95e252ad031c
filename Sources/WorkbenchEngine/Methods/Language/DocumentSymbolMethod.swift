import JSONRPC
import LanguageServer

/// `textDocument/documentSymbol {textDocument}` → `[DocumentSymbol]`: the sources and the
/// views, as an outline.
enum DocumentSymbolMethod: ControlMethod {
    static let name = "textDocument/documentSymbol"

    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8] {
        guard let document = try params.workspaceDocument(in: engine) else { return Array("[]".utf8) }
        return encoded(document.symbols(encoding: engine.documents.encoding))
    }
}
