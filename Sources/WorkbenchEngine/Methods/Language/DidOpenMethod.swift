import Foundation
import JSONRPC
import LanguageServer

/// `textDocument/didOpen {textDocument: {uri, languageId, version, text}}` (notification): the
/// editor's text becomes authoritative. A workspace file is loaded and diagnosed, and its
/// views served as `open` does, and its layout contract checked (`DidSaveMethod`); a data
/// file (CSV, JSON, or YAML a workspace reads) is read from this text by the workspaces that
/// use it.
enum DidOpenMethod: ControlMethod {
    static let name = "textDocument/didOpen"

    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8] {
        let item = try params.object("textDocument")
        let uri = try item.string("uri"), text = try item.string("text")
        let version = try item.integer("version", in: Int(Int32.min)...Int(Int32.max))
        guard let path = DocumentURI.path(of: uri) else {
            throw .invalidParams("params.textDocument.uri: expected a file: URI, got '\(uri)'")
        }
        if engine.isDataFile(path) {
            engine.documents.setDataText(text, for: uri)
            engine.dataFileDidChange(path)
        } else {
            engine.documentDidLoad(
                WorkspaceDocument(uri: uri, path: path, version: version, text: text, loader: engine.documentLoader))
            if let document = engine.documents.workspace(uri) { engine.checkContract(of: document) }
        }
        return Array("null".utf8)
    }
}

extension Engine {
    /// Whether the file at `path` is data: a CSV or JSON file, or one an open workspace reads.
    func isDataFile(_ path: String) -> Bool {
        if ["csv", "json"].contains((path as NSString).pathExtension.lowercased()) { return true }
        let resolved = DocumentURI.resolved(path)
        return documents.allWorkspaces.contains { $0.dataFilePaths.contains(resolved) }
    }
}
