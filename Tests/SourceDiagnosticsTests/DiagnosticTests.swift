import SourceDiagnostics
import Testing

/// Errors about files, rendered as compilers render them: `path:line:column: error: message`,
/// then the source line and a caret under the column.
struct DiagnosticTests {
    @Test func aLocatedErrorShowsItsLineAndACaretUnderTheColumn() {
        let error = Diagnostic(
            path: "Workspaces/circles.yaml", mark: Mark(line: 7, column: 13), message: "unknown layout 'circels'",
            sourceLine: "    layout: circels")
        #expect(error.summary == "Workspaces/circles.yaml:7:13: error: unknown layout 'circels'")
        #expect(
            error.description == """
                Workspaces/circles.yaml:7:13: error: unknown layout 'circels'
                      layout: circels
                              ^
                """)
    }

    @Test func withoutAMarkOrASourceLineItIsTheOneLineSummary() {
        let whole = Diagnostic(path: "a.yaml", message: "not UTF-8")
        #expect(whole.summary == "a.yaml: error: not UTF-8")
        #expect(whole.description == "a.yaml: error: not UTF-8")
        let unseen = Diagnostic(path: "a.yaml", mark: Mark(line: 2, column: 3), message: "bad")
        #expect(unseen.description == "a.yaml:2:3: error: bad")
    }

    @Test func tabsAreShownAsSpacesSoThatTheCaretLinesUp() {
        let error = Diagnostic(path: "t.yaml", mark: Mark(line: 1, column: 3), message: "tab", sourceLine: "\t\tx: 1")
        #expect(error.description == "t.yaml:1:3: error: tab\n    x: 1\n    ^")
    }

    @Test func theCaretCountsUnicodeScalarsAndStopsAtTheEndOfTheLine() {
        let wide = Diagnostic(path: "w.yaml", mark: Mark(line: 1, column: 5), message: "m", sourceLine: "名前: x")
        #expect(wide.description.split(separator: "\n").last == "      ^")
        let past = Diagnostic(path: "w.yaml", mark: Mark(line: 1, column: 40), message: "m", sourceLine: "abc")
        #expect(past.description == "w.yaml:1:40: error: m\n  abc\n     ^")
        let first = Diagnostic(path: "w.yaml", mark: Mark(line: 1, column: 1), message: "m", sourceLine: "abc")
        #expect(first.description.hasSuffix("\n  abc\n  ^"))
    }

    @Test func marksOrderByLineThenColumnAndReadLineColon() {
        #expect(Mark(line: 1, column: 90) < Mark(line: 2, column: 1))
        #expect(Mark(line: 2, column: 1) < Mark(line: 2, column: 2))
        #expect(!(Mark(line: 2, column: 2) < Mark(line: 2, column: 2)))
        #expect(Mark(line: 12, column: 5).description == "12:5")
    }
}
