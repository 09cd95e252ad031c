import SourceDiagnostics
import Testing

@testable import LanguageService

/// The schema place of a cursor is read from the text around it, parsed or not.
struct SchemaPlaceTests {
    /// The text, with `|` marking the cursor.
    static func place(_ marked: String) -> SchemaPlace {
        let lines = marked.split(separator: "\n", omittingEmptySubsequences: false)
        let line = lines.firstIndex { $0.contains("|") }!
        let column = lines[line].unicodeScalars.firstIndex(of: "|").map {
            lines[line].unicodeScalars.distance(from: lines[line].unicodeScalars.startIndex, to: $0)
        }!
        return SchemaPlace(
            at: Mark(line: line + 1, column: column + 1), in: TextLines(marked.replacingOccurrences(of: "|", with: "")))
    }

    static let cases: [(String, [String], String?, String)] = [
        ("wo|", [], nil, "wo"),
        ("sources:\n  a:\n    it|", ["sources", "a"], nil, "it"),
        ("sources:\n  a:\n    file: da|", ["sources", "a"], "file", "da"),
        ("sources:\n  a:\n    generate:\n      se|", ["sources", "a", "generate"], nil, "se"),
        ("views:\n  v:\n    layout: ci|\n    source: s", ["views", "v"], "layout", "ci"),
        ("views:\n  v:\n    layout: circles\n    options:\n      |", ["views", "v", "options"], nil, ""),
        ("views:\n  v: {layout: circles, source: |}", ["views", "v"], "source", ""),
        ("views:\n  v: {layout: circles, options: {sp|}}", ["views", "v", "options"], nil, "sp"),
        ("views:\n  # a comment\n\n  v:\n    - ignored\n    |", ["views", "v"], nil, ""),
        ("oops: [\nviews:\n  v:\n    layout: |", ["views", "v"], "layout", ""),
    ]

    @Test(arguments: cases)
    func theCursorsPlaceIsReadFromTheText(_ text: String, path: [String], valueOf: String?, prefix: String) {
        let place = Self.place(text)
        #expect(place.path == path)
        #expect(place.valueOf == valueOf)
        #expect(place.prefix == prefix)
    }

    @Test func thePrefixStartsWhereTheWordDoes() {
        #expect(Self.place("views:\n  v:\n    layout: ci|").prefixColumn == 13)
        #expect(Self.place("views:\n  v: {source: é, layout: ci|}").prefixColumn == 26)
    }
}
