import SourceDiagnostics
import Testing

@testable import LanguageService

/// Marks (scalar columns) and LSP positions agree on non-ASCII text in both encodings.
struct TextLinesTests {
    /// "é" is 1 UTF-16 unit and 2 UTF-8 bytes; "𝒳" is 2 UTF-16 units and 4 UTF-8 bytes.
    let lines = TextLines("a: é𝒳 x\nb: y\r\n")

    @Test func positionsCountUTF16UnitsOrUTF8Bytes() {
        let afterWide = Mark(line: 1, column: 6)  // before " x"
        #expect(lines.position(of: afterWide, encoding: .utf16) == Position(line: 0, character: 6))
        #expect(lines.position(of: afterWide, encoding: .utf8) == Position(line: 0, character: 9))
        #expect(lines.mark(at: Position(line: 0, character: 6), encoding: .utf16) == afterWide)
        #expect(lines.mark(at: Position(line: 0, character: 9), encoding: .utf8) == afterWide)
    }

    @Test func aPositionInsideACharacterMovesToItsStart() {
        #expect(lines.mark(at: Position(line: 0, character: 5), encoding: .utf16) == Mark(line: 1, column: 5))
        #expect(lines.mark(at: Position(line: 0, character: 99), encoding: .utf16) == Mark(line: 1, column: 8))
    }

    @Test func tokensEndAtTheirPlainScalarsEndOrClosingQuote() {
        #expect(
            lines.tokenRange(at: Mark(line: 1, column: 4), encoding: .utf16)
                == Range(start: Position(line: 0, character: 3), end: Position(line: 0, character: 8)))
        let quoted = TextLines("k: \"a: b\" # c")
        #expect(quoted.tokenRange(at: Mark(line: 1, column: 4), encoding: .utf8).end == Position(line: 0, character: 9))
        let key = TextLines("  circles: {x: 1}")
        #expect(key.tokenRange(at: Mark(line: 1, column: 3), encoding: .utf8).end == Position(line: 0, character: 9))
    }

    @Test func incrementalChangesReplaceTheRangeInTheirEncoding() {
        let range = Range(start: Position(line: 0, character: 4), end: Position(line: 0, character: 6))
        #expect(lines.replacing(range, with: "Z", encoding: .utf16) == "a: éZ x\nb: y\r\n")
        let utf8 = Range(start: Position(line: 1, character: 3), end: Position(line: 1, character: 4))
        #expect(lines.replacing(utf8, with: "zz", encoding: .utf8) == "a: é𝒳 x\nb: zz\r\n")
    }

    @Test func crlfTextIsSplitIntoLines() {
        let crlf = TextLines("a: 1\r\nbé: 2\r\n")
        #expect(crlf.lines == ["a: 1", "bé: 2", ""])
        #expect(
            crlf.tokenRange(at: Mark(line: 2, column: 5), encoding: .utf8)
                == Range(start: Position(line: 1, character: 5), end: Position(line: 1, character: 6)))
        #expect(
            crlf.replacing(
                Range(start: Position(line: 1, character: 4), end: Position(line: 1, character: 5)), with: "3",
                encoding: .utf16) == "a: 1\r\nbé: 3\r\n")
    }

    @Test func utf8IsChosenOnlyWhenOffered() {
        #expect(PositionEncoding.negotiated(from: ["utf-32", "utf-8"]) == .utf8)
        #expect(PositionEncoding.negotiated(from: ["utf-32"]) == .utf16)
        #expect(PositionEncoding.negotiated(from: []) == .utf16)
    }
}
