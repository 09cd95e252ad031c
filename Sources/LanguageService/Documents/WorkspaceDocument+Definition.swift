import Foundation
import JSON

extension WorkspaceDocument {
    /// The `Location` a name at `position` refers to: a view's `source:` to that source's
    /// key, a source's `file:` to the data file. Null elsewhere.
    func definition(at position: Position, encoding: PositionEncoding) -> JSONValue {
        guard let pointed = pointed(at: lines.mark(at: position, encoding: encoding)), !pointed.isKey,
            let value = pointed.node.scalarText
        else { return .null }
        switch (pointed.path.first, pointed.path.count, pointed.path.last) {
        case ("views", 3, "source"?):
            guard let source = pairs(under: "sources").first(where: { $0.key.scalarText == value }) else {
                return .null
            }
            return location(uri, lines.tokenRange(at: source.key.mark, encoding: encoding))
        case ("sources", 3, "file"?):
            let folder = URL(fileURLWithPath: (path as NSString).deletingLastPathComponent)
            let file = URL(fileURLWithPath: value, relativeTo: folder).standardizedFileURL
            guard FileManager.default.fileExists(atPath: file.path) else { return .null }
            return location(DocumentURI.uri(ofPath: file.path), .fileStart)
        default:
            return .null
        }
    }
}
