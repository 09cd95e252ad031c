import SourceDiagnostics
import YAMLReader

extension WorkspaceDocument {
    /// A scalar of the parsed text under the cursor, and the keys leading to it.
    struct Pointed {
        /// The keys from the top: `["views", "grid", "layout"]` for a view's layout value or
        /// key; a key's own name is its path's last element.
        var path: [String]
        var node: YAMLNode
        var isKey: Bool
    }

    /// The scalar under `mark` in the workspace's schema levels (four keys deep at most, and a
    /// view's options at any depth, through lists; data is not searched). Nil while the text
    /// does not parse.
    func pointed(at mark: Mark) -> Pointed? {
        guard let root else { return nil }
        return Self.search(root, for: mark, path: [], lines: lines)
    }

    private static func search(_ node: YAMLNode, for mark: Mark, path: [String], lines: TextLines) -> Pointed? {
        let inOptions = path.count >= 3 && path[0] == "views" && path[2] == "options"
        guard path.count < (inOptions ? 64 : 4) else { return nil }
        if inOptions, let elements = node.elements {
            for element in elements {
                if let found = search(element, for: mark, path: path, lines: lines) { return found }
            }
            return nil
        }
        guard let pairs = node.pairs else { return nil }
        for pair in pairs {
            guard let key = pair.key.scalarText else { continue }
            if covers(pair.key, mark, lines) { return Pointed(path: path + [key], node: pair.key, isKey: true) }
            if pair.value.scalarText != nil, covers(pair.value, mark, lines) {
                return Pointed(path: path + [key], node: pair.value, isKey: false)
            }
            if let found = search(pair.value, for: mark, path: path + [key], lines: lines) { return found }
        }
        return nil
    }

    /// Whether the scalar `node`'s token spans `mark` (its end included: a cursor just after a word).
    private static func covers(_ node: YAMLNode, _ mark: Mark, _ lines: TextLines) -> Bool {
        guard node.mark.line == mark.line, mark.column >= node.mark.column else { return false }
        return mark.column <= TokenSpan.endColumn(of: lines.line(mark.line), from: node.mark.column)
    }

    /// The pairs under top-level `key` of the parsed text (`sources`, `views`).
    func pairs(under key: String) -> [YAMLPair] {
        root?[key]?.pairs ?? []
    }

    /// The range of a pair's whole entry: from its key to the line before the next one's key
    /// (or the document's end).
    func entryRange(of pair: YAMLPair, before next: YAMLPair?, encoding: PositionEncoding) -> Range {
        let lastLine = next.map { max(pair.key.mark.line, $0.key.mark.line - 1) } ?? lines.lines.count
        let end = Mark(line: lastLine, column: lines.line(lastLine).unicodeScalars.count + 1)
        return Range(
            start: lines.position(of: pair.key.mark, encoding: encoding),
            end: lines.position(of: end, encoding: encoding))
    }
}
