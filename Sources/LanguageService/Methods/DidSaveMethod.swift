import JSONRPC
import RequestParams

/// `textDocument/didSave {textDocument: {uri}}` (notification): the layout contract is checked
/// on the document's views (`ContractCheck`), and its violations published as warnings.
package enum DidSaveMethod: DocumentMethod {
    package static let name = "textDocument/didSave"

    package static func run(_ params: Params, host: some LanguageHost) throws(RPCError) -> [UInt8] {
        if let document = try params.workspaceDocument(in: host.documents) { host.checkContract(of: document) }
        return Array("null".utf8)
    }
}
