import JSONRPC
import LanguageServer
import WorkspaceModel

/// `textDocument/didClose {textDocument: {uri}}` (notification): the document's diagnostics
/// are cleared and the workspace it served is closed; a data file is read from disk again.
enum DidCloseMethod: ControlMethod {
    static let name = "textDocument/didClose"

    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8] {
        let uri = try params.documentURI()
        let workspaceName = engine.documents.workspace(uri)?.workspace?.name
        let wasWorkspace = engine.documents.close(uri)
        engine.stopWatchingDataFiles(of: uri)
        if let workspaceName {
            engine.enqueueControlBeforeViews { _ = engine.state.close(workspaceName) }
        } else if !wasWorkspace, let path = DocumentURI.path(of: uri) {
            engine.dataFileDidChange(path)
        }
        engine.publish(uri: uri, version: nil, diagnostics: [])
        return Array("null".utf8)
    }
}
