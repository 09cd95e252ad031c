import JSONRPC
import RequestParams

/// `textDocument/didChange {textDocument: {uri, version}, contentChanges: [{range?, text}]}`
/// (notification): the changes apply in order (a range in the agreed position encoding, or
/// the whole text), then the document is diagnosed again as at `didOpen`, and its contract
/// checked once the editor has been idle for 2 s.
package enum DidChangeMethod: DocumentMethod {
    package static let name = "textDocument/didChange"

    package static func run(_ params: Params, host: some LanguageHost) throws(RPCError) -> [UInt8] {
        let uri = try params.documentURI()
        let version = try params.object("textDocument").integer("version", in: Int(Int32.min)...Int(Int32.max))
        guard case .array(let changes)? = params.value["contentChanges"] else {
            throw .invalidParams("params.contentChanges: expected an array of changes")
        }
        let document = try params.workspaceDocument(in: host.documents)
        guard var text = document?.lines.text ?? host.documents.dataText(uri) else { return Array("null".utf8) }
        for (index, change) in changes.enumerated() {
            let change = Params(change, path: "params.contentChanges[\(index)]")
            let replacement = try change.string("text")
            if change.has("range") {
                let range = try change.object("range")
                text = TextLines(text).replacing(
                    Range(start: try range.position("start"), end: try range.position("end")),
                    with: replacement, encoding: host.documents.encoding)
            } else {
                text = replacement
            }
        }
        if var document {
            document.update(text: text, version: version, loader: host.documentLoader)
            host.documentDidLoad(document)
            host.checkContractWhenIdle(document)
        } else if let path = DocumentURI.path(of: uri) {
            host.documents.setDataText(text, for: uri)
            host.dataFileDidChange(path)
        }
        return Array("null".utf8)
    }
}
