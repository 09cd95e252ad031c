import JSONRPC
import LanguageServer

/// `textDocument/hover {textDocument, position}` → `Hover` or null: a layout's plugin, an
/// option, a view (with its content size and element count once prepared), a source, a key.
enum HoverMethod: ControlMethod {
    static let name = "textDocument/hover"

    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8] {
        let position = try params.position()
        guard let document = try params.workspaceDocument(in: engine) else { return Array("null".utf8) }
        let name = document.workspace?.name ?? ""
        let findings =
            document.findings(plugins: engine.plugins.registry)
            + engine.documents.checkedFindings(document.uri, version: document.version)
        let hover = document.hover(
            at: position, encoding: engine.documents.encoding, plugins: engine.plugins.registry,
            prepared: { view in
                engine.state.view("\(name)/\(view)").flatMap { entry in engine.state.withLock { entry.prepared } }
            }, findings: findings)
        return encoded(hover)
    }
}
