import JSONRPC
import LanguageServer

/// `textDocument/documentSymbol {textDocument}` → `[DocumentSymbol]`: the sources and the
/// views, as an outline.
enum DocumentSymbolMethod: ControlMethod {
    static let name = "textDocument/documentSymbol"

    static func run(_ params: Params, server: Server) throws(RPCError) -> [UInt8] {
        guard let document = try params.workspaceDocument(in: server) else { return Array("[]".utf8) }
        return encoded(document.symbols(encoding: server.documents.encoding))
    }
}
