import Foundation

/// The block-style outline of a workspace text, read line by line so it holds while the text
/// does not parse: the names under a top-level key, and their fields.
struct BlockOutline {
    /// A key written at the start of a line.
    struct Entry {
        var name: String
        /// 1-based line and column of the key.
        var line: Int
        var column: Int
    }

    let lines: TextLines

    /// The keys directly under top-level `key` (`sources`, `views`), in order. O(lines).
    func children(of key: String) -> [Entry] {
        guard let start = lines.lines.firstIndex(where: { $0.hasPrefix(key + ":") }) else { return [] }
        var entries: [Entry] = []
        var childIndent: Int?
        for index in (start + 1)..<lines.lines.count {
            let text = lines.lines[index]
            let indent = text.prefix { $0 == " " }.count
            let content = text.dropFirst(indent)
            if content.isEmpty || content.hasPrefix("#") { continue }
            if indent == 0 { break }
            if childIndent == nil { childIndent = indent }
            guard indent == childIndent, let colon = content.firstIndex(of: ":") else { continue }
            entries.append(Entry(name: String(content[..<colon]).trimmingSpaces, line: index + 1, column: indent + 1))
        }
        return entries
    }

    /// The plain value of `field` in the block (or flow mapping) of `entry`: `layout` of a view.
    func value(of field: String, in entry: Entry) -> String? {
        let own = lines.line(entry.line)
        if let range = own.range(of: field + ":", options: []), own[..<range.lowerBound].contains("{") {
            return Self.plainValue(own[range.upperBound...])
        }
        var number = entry.line + 1
        while number <= lines.lines.count {
            defer { number += 1 }
            let text = lines.line(number)
            let indent = text.prefix { $0 == " " }.count
            let content = text.dropFirst(indent)
            if content.isEmpty || content.hasPrefix("#") { continue }
            if indent < entry.column { break }
            if content.hasPrefix(field + ":") { return Self.plainValue(content.dropFirst(field.count + 1)) }
        }
        return nil
    }

    /// The scalar at the start of `text`, up to a flow separator or comment, without quotes.
    private static func plainValue(_ text: Substring) -> String? {
        let value = text.prefix { $0 != "," && $0 != "}" && $0 != "#" }.description.trimmingSpaces
        let unquoted = value.trimmingCharacters(in: ["\"", "'"])
        return unquoted.isEmpty ? nil : unquoted
    }
}
