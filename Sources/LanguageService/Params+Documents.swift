import JSONRPC
import RequestParams

extension Params {
    /// `textDocument.uri`.
    func documentURI() throws(RPCError) -> String {
        try object("textDocument").string("uri")
    }

    /// `{line, character}` at `key`, whole numbers checked before conversion.
    func position(_ key: String = "position") throws(RPCError) -> Position {
        let position = try object(key)
        return Position(line: try position.integer("line"), character: try position.integer("character"))
    }

    /// The open workspace document `textDocument.uri`; nil for an open data file.
    func workspaceDocument(in documents: DocumentStore) throws(RPCError) -> WorkspaceDocument? {
        let uri = try documentURI()
        if let document = documents.workspace(uri) { return document }
        if documents.hasDataText(uri) { return nil }
        throw .invalidParams("params.textDocument.uri: '\(uri)' is not open (send textDocument/didOpen first)")
    }
}
