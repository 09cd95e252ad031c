import JSONRPC
import LanguageServer
import WorkspaceModel

/// `textDocument/didClose {textDocument: {uri}}` (notification): the document's diagnostics
/// are cleared and the workspace it served is closed; a data file is read from disk again.
enum DidCloseMethod: ControlMethod {
    static let name = "textDocument/didClose"

    static func run(_ params: Params, server: Server) throws(RPCError) -> [UInt8] {
        let uri = try params.documentURI()
        let workspaceName = server.documents.workspace(uri)?.workspace?.name
        let wasWorkspace = server.documents.close(uri)
        server.stopWatchingDataFiles(of: uri)
        if let workspaceName {
            server.enqueueControlBeforeViews { _ = server.state.close(workspaceName) }
        } else if !wasWorkspace, let path = DocumentURI.path(of: uri) {
            server.dataFileDidChange(path)
        }
        server.publish(uri: uri, version: nil, diagnostics: [])
        return Array("null".utf8)
    }
}
