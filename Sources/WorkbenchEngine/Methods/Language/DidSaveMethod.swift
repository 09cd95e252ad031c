import JSONRPC
import LanguageServer

/// `textDocument/didSave {textDocument: {uri}}` (notification): the layout contract is checked
/// on the document's views (`ContractCheck`), and its violations published as warnings.
enum DidSaveMethod: ControlMethod {
    static let name = "textDocument/didSave"

    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8] {
        if let document = try params.workspaceDocument(in: engine) { engine.checkContract(of: document) }
        return Array("null".utf8)
    }
}
