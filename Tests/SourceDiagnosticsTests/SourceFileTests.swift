import SourceDiagnostics
import Testing

/// A file's lines by number, whatever its line breaks, and errors located in it.
struct SourceFileTests {
    @Test func linesAreNumberedFromOneWithoutTheirBreaks() {
        let file = SourceFile(path: "f.yaml", text: "first\nsecond\r\nthird\n")
        #expect(file.line(1) == "first")
        #expect(file.line(2) == "second")
        #expect(file.line(3) == "third")
        #expect(file.line(4) == "", "the empty line after the final break")
        #expect(file.line(5) == nil)
        #expect(file.line(0) == nil)
        #expect(SourceFile(path: "g.yaml", text: "no break").line(1) == "no break")
        #expect(SourceFile(path: "h.yaml", text: "a\rb\r").line(1) == "a\rb", "only a final CR is trimmed")
    }

    @Test func anErrorAtAMarkCarriesItsLineAndRendersWithACaret() {
        let file = SourceFile(path: "views.yaml", text: "views:\n  phone:\n    layot: list\n")
        let error = file.error("unknown key 'layot'", at: Mark(line: 3, column: 5))
        #expect(
            error
                == Diagnostic(
                    path: "views.yaml", mark: Mark(line: 3, column: 5), message: "unknown key 'layot'",
                    sourceLine: "    layot: list"))
        #expect(
            error.description == """
                views.yaml:3:5: error: unknown key 'layot'
                      layot: list
                      ^
                """)
        #expect(file.error("empty", at: nil) == Diagnostic(path: "views.yaml", message: "empty"))
        #expect(file.error("past the end", at: Mark(line: 9, column: 1)).sourceLine == nil)
    }
}
