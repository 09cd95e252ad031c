import JSONRPC
import RequestParams

/// `textDocument/didClose {textDocument: {uri}}` (notification): the document's diagnostics
/// are cleared and the workspace it served is closed; a data file is read from disk again.
package enum DidCloseMethod: DocumentMethod {
    package static let name = "textDocument/didClose"

    package static func run(_ params: Params, host: some LanguageHost) throws(RPCError) -> [UInt8] {
        let uri = try params.documentURI()
        let workspaceName = host.documents.workspace(uri)?.workspace?.name
        let wasWorkspace = host.documents.close(uri)
        host.documents.stopWatching(uri)
        if let workspaceName {
            host.closeWorkspace(named: workspaceName)
        } else if !wasWorkspace, let path = DocumentURI.path(of: uri) {
            host.dataFileDidChange(path)
        }
        host.publish(uri: uri, version: nil, diagnostics: [])
        return Array("null".utf8)
    }
}
