import JSONRPC
import RequestParams

/// `textDocument/completion {textDocument, position}` → `CompletionList`: keys, source kinds,
/// layout names, options, source names or data file paths, for the schema place there.
package enum CompletionMethod: DocumentMethod {
    package static let name = "textDocument/completion"

    package static func run(_ params: Params, host: some LanguageHost) throws(RPCError) -> [UInt8] {
        let position = try params.position()
        guard let document = try params.workspaceDocument(in: host.documents) else { return Array("null".utf8) }
        return encoded(
            document.completion(at: position, encoding: host.documents.encoding, plugins: host.pluginRegistry))
    }
}
