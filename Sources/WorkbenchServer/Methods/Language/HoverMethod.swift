import JSONRPC
import LanguageServer

/// `textDocument/hover {textDocument, position}` → `Hover` or null: a layout's plugin, an
/// option, a view (with its content size and element count once prepared), a source, a key.
enum HoverMethod: ControlMethod {
    static let name = "textDocument/hover"

    static func run(_ params: Params, server: Server) throws(RPCError) -> [UInt8] {
        let position = try params.position()
        guard let document = try params.workspaceDocument(in: server) else { return Array("null".utf8) }
        let name = document.workspace?.name ?? ""
        let findings =
            document.findings(plugins: server.plugins.registry)
            + server.documents.checkedFindings(document.uri, version: document.version)
        let hover = document.hover(
            at: position, encoding: server.documents.encoding, plugins: server.plugins.registry,
            prepared: { view in
                server.state.view("\(name)/\(view)").flatMap { entry in server.state.withLock { entry.prepared } }
            }, findings: findings)
        return encoded(hover)
    }
}
