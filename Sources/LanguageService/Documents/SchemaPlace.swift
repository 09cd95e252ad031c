import SourceDiagnostics

/// Where a cursor is in the workspace schema, read from its line and the lines above it by
/// indentation (and the flow brackets open on its line), so it works while the file does not
/// parse.
struct SchemaPlace: Equatable {
    /// The keys of the mappings the cursor is inside, outermost first: `["views", "grid", "options"]`.
    var path: [String]
    /// The key whose value the cursor is in; nil where a key goes.
    var valueOf: String?
    /// What is typed so far of the key or value.
    var prefix: String
    /// Where `prefix` starts (1-based column).
    var prefixColumn: Int

    /// The place of the cursor at `mark` in `lines`. O(lines above the cursor).
    init(at mark: Mark, in lines: TextLines) {
        let before = Array(lines.line(mark.line).unicodeScalars.prefix(max(0, mark.column - 1)))
        var segmentStart = before.prefix { $0 == " " }.count
        if before.count >= segmentStart + 2, before[segmentStart] == "-", before[segmentStart + 1] == " " {
            segmentStart += 2
        }
        let indent = segmentStart
        var flowKeys: [String?] = []
        var index = segmentStart
        while index < before.count {
            switch before[index] {
            case "{", "[":
                flowKeys.append(before[index] == "{" ? Self.key(endingBefore: index, in: before) : nil)
                segmentStart = index + 1
            case "}", "]":
                _ = flowKeys.popLast()
                segmentStart = index + 1
            case ",":
                segmentStart = index + 1
            default: break
            }
            index += 1
        }
        let segment = Array(before[segmentStart...])
        if let colon = segment.indices.first(where: {
            segment[$0] == ":" && $0 + 1 < segment.count && segment[$0 + 1] == " "
        }) {
            valueOf = String(String.UnicodeScalarView(segment[..<colon])).trimmingSpaces
            let valueStart = segment[(colon + 1)...].firstIndex { $0 != " " } ?? segment.count
            prefix = String(String.UnicodeScalarView(segment[valueStart...]))
            prefixColumn = segmentStart + valueStart + 1
        } else {
            let keyStart = segment.firstIndex { $0 != " " } ?? segment.count
            prefix = String(String.UnicodeScalarView(segment[keyStart...]))
            prefixColumn = segmentStart + keyStart + 1
        }
        path = Self.ancestors(above: mark.line, indent: indent, in: lines) + flowKeys.compactMap { $0 }
    }

    /// The key written just before the flow bracket at `index` (`key: {`), if any.
    private static func key(endingBefore index: Int, in scalars: [Unicode.Scalar]) -> String? {
        var end = index
        while end > 0 && scalars[end - 1] == " " { end -= 1 }
        guard end > 0, scalars[end - 1] == ":" else { return nil }
        end -= 1
        var start = end
        while start > 0 && !" {,[-".unicodeScalars.contains(scalars[start - 1]) { start -= 1 }
        return start < end ? String(String.UnicodeScalarView(scalars[start..<end])) : nil
    }

    /// The keys of the block mappings enclosing a line indented by `indent`, outermost first;
    /// a list item (`- key:`) is transparent: its key counts at the column after the dash, and
    /// the list's own key is looked for above the dash.
    private static func ancestors(above line: Int, indent: Int, in lines: TextLines) -> [String] {
        var keys: [String] = []
        var limit = indent
        var number = line - 1
        while number >= 1 && limit > 0 {
            defer { number -= 1 }
            let text = lines.line(number)
            let lineIndent = text.prefix { $0 == " " }.count
            var content = text.dropFirst(lineIndent)
            guard lineIndent < limit, !content.isEmpty, !content.hasPrefix("#") else { continue }
            if content.hasPrefix("-") {
                // The item's first key is an ancestor only when the cursor is deeper than it.
                content = content.dropFirst()
                let keyIndent = lineIndent + 1 + content.prefix { $0 == " " }.count
                content = content.drop { $0 == " " }
                if keyIndent < limit, !content.hasPrefix("#"), let colon = content.firstIndex(of: ":") {
                    keys.append(String(content[..<colon]).trimmingSpaces)
                }
                limit = lineIndent
                continue
            }
            guard let colon = content.firstIndex(of: ":") else { continue }
            keys.append(String(content[..<colon]).trimmingSpaces)
            limit = lineIndent
        }
        return keys.reversed()
    }
}

extension String {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        let scalars = unicodeScalars.drop { $0 == " " }
        return String(String.UnicodeScalarView(scalars.reversed().drop { $0 == " " }.reversed()))
    }
}
