import SourceDiagnostics

/// A text split into lines, converting between marks (1-based line and Unicode-scalar column)
/// and LSP positions in either encoding.
///
/// Lines end at `\n` (a `\r` before it is not part of the line, so CRLF text works too). Building is O(n); each
/// conversion is O(length of the line).
struct TextLines: Sendable {
    let text: String
    /// Each line's text, without its line break.
    let lines: [Substring]

    init(_ text: String) {
        self.text = text
        // Split on scalars: as Characters, "\r\n" is one and would not split at "\n".
        lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            Substring(line.last == "\r" ? line.dropLast() : line)
        }
    }

    /// The 1-based line `number`, or "" past the end.
    func line(_ number: Int) -> Substring {
        number >= 1 && number <= lines.count ? lines[number - 1] : ""
    }

    /// The LSP position of `mark`, clamped to its line.
    func position(of mark: Mark, encoding: PositionEncoding) -> Position {
        Self.position(of: mark, inLine: line(mark.line), encoding: encoding)
    }

    /// The mark at an LSP position; a position inside a character or past the line's end
    /// is moved back to the character's start or the line's end.
    func mark(at position: Position, encoding: PositionEncoding) -> Mark {
        let text = line(position.line + 1)
        var units = 0, column = 1
        for scalar in text.unicodeScalars {
            units += encoding.width(of: scalar)
            if units > position.character { break }
            column += 1
        }
        return Mark(line: position.line + 1, column: column)
    }

    /// The position of `mark` on a line whose text is `line` (a data file's line, from its
    /// diagnostic).
    static func position(of mark: Mark, inLine line: Substring, encoding: PositionEncoding) -> Position {
        var units = 0
        for scalar in line.unicodeScalars.prefix(max(0, mark.column - 1)) { units += encoding.width(of: scalar) }
        return Position(line: max(0, mark.line - 1), character: units)
    }

    /// The range of the token that starts at `mark` (`TokenSpan`), on this text.
    func tokenRange(at mark: Mark, encoding: PositionEncoding) -> Range {
        Self.tokenRange(at: mark, inLine: line(mark.line), encoding: encoding)
    }

    /// The range of the token that starts at `mark` on a line whose text is `line`.
    static func tokenRange(at mark: Mark, inLine line: Substring, encoding: PositionEncoding) -> Range {
        let end = Mark(line: mark.line, column: TokenSpan.endColumn(of: line, from: mark.column))
        return Range(
            start: position(of: mark, inLine: line, encoding: encoding),
            end: position(of: end, inLine: line, encoding: encoding))
    }

    /// The text with `range` replaced by `replacement` (an incremental change).
    func replacing(_ range: Range, with replacement: String, encoding: PositionEncoding) -> String {
        let start = index(of: mark(at: range.start, encoding: encoding))
        let end = max(start, index(of: mark(at: range.end, encoding: encoding)))
        var result = text
        result.replaceSubrange(start..<end, with: replacement)
        return result
    }

    /// The index in `text` of `mark`; past the last line, the text's end.
    private func index(of mark: Mark) -> String.Index {
        guard mark.line >= 1, mark.line <= lines.count else { return text.endIndex }
        let line = lines[mark.line - 1]
        return line.unicodeScalars.index(line.startIndex, offsetBy: max(0, mark.column - 1), limitedBy: line.endIndex)
            ?? line.endIndex
    }
}
