import JSONRPC
import RequestParams

/// `textDocument/hover {textDocument, position}` → `Hover` or null: a layout's plugin, an
/// option, a view (with its content size and element count once prepared), a source, a key.
package enum HoverMethod: DocumentMethod {
    package static let name = "textDocument/hover"

    package static func run(_ params: Params, host: some LanguageHost) throws(RPCError) -> [UInt8] {
        let position = try params.position()
        guard let document = try params.workspaceDocument(in: host.documents) else { return Array("null".utf8) }
        let name = document.workspace?.name ?? ""
        let hover = document.hover(
            at: position, encoding: host.documents.encoding, plugins: host.pluginRegistry,
            prepared: { view in host.preparedSummary(ofView: "\(name)/\(view)") },
            findings: host.findings(of: document))
        return encoded(hover)
    }
}
