import Testing

@testable import CheckRunner

/// `check --snapshots` says what changed, element by element, in the words of the JSON.
struct SnapshotComparisonTests {
    static let recorded = """
        {"contentSize":{"height":100,"width":50},"elements":[\
        {"category":"cell","frame":{"height":10,"width":10,"x":0,"y":0},"item":0,"section":0,"zIndex":0},\
        {"category":"supplementary","frame":{"height":5,"width":50,"x":0,"y":20},"item":0,"kind":"header","section":1,"zIndex":1},\
        {"category":"cell","frame":{"height":10,"width":10,"x":10,"y":0},"item":1,"section":0,"zIndex":0}]}
        """

    static func differences(_ now: String) throws -> [SnapshotComparison.Difference] {
        try SnapshotComparison.differences(recorded: Array(recorded.utf8), now: Array(now.utf8))
    }

    @Test func theSameLayoutHasNoDifferences() throws {
        #expect(try Self.differences(Self.recorded).isEmpty)
    }

    @Test func eachChangeIsNamedByItsElementAndField() throws {
        let now = Self.recorded
            .replacingOccurrences(of: #""height":100"#, with: #""height":120"#)
            .replacingOccurrences(of: #""x":10,"y":0},"item":1"#, with: #""x":12.5,"y":0},"item":1"#)
            .replacingOccurrences(
                of: #""kind":"header","section":1,"zIndex":1}"#, with: #""kind":"footer","section":1,"zIndex":1}"#)
        #expect(
            try Self.differences(now) == [
                .init(element: "layout", detail: "contentSize.height: recorded 100, now 120"),
                .init(element: "supplementary header [1, 0]", detail: "recorded at (0, 20, 50, 5), now missing"),
                .init(element: "cell [0, 1]", detail: "frame.x: recorded 10, now 12.5"),
                .init(element: "supplementary footer [1, 0]", detail: "not recorded, now at (0, 20, 50, 5)"),
            ])
    }

    @Test func aRecordedFileThatIsNotJSONIsAnError() {
        #expect(throws: (any Error).self) {
            try SnapshotComparison.differences(recorded: Array("{".utf8), now: Array(Self.recorded.utf8))
        }
    }
}
