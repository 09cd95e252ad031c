import JSONRPC
import RequestParams

/// `textDocument/didOpen {textDocument: {uri, languageId, version, text}}` (notification): the
/// editor's text becomes authoritative. A workspace file is loaded and diagnosed, and its
/// views served as `open` does, and its layout contract checked (`DidSaveMethod`); a data
/// file (CSV, JSON, or YAML a workspace reads) is read from this text by the workspaces that
/// use it.
package enum DidOpenMethod: DocumentMethod {
    package static let name = "textDocument/didOpen"

    package static func run(_ params: Params, host: some LanguageHost) throws(RPCError) -> [UInt8] {
        let item = try params.object("textDocument")
        let uri = try item.string("uri"), text = try item.string("text")
        let version = try item.integer("version", in: Int(Int32.min)...Int(Int32.max))
        guard let path = DocumentURI.path(of: uri) else {
            throw .invalidParams("params.textDocument.uri: expected a file: URI, got '\(uri)'")
        }
        if host.documents.isDataFile(path) {
            host.documents.setDataText(text, for: uri)
            host.dataFileDidChange(path)
        } else {
            host.documentDidLoad(
                WorkspaceDocument(uri: uri, path: path, version: version, text: text, loader: host.documentLoader))
            if let document = host.documents.workspace(uri) { host.checkContract(of: document) }
        }
        return Array("null".utf8)
    }
}
