import Guide
import LayoutKit
import TestSupport
import Testing

/// A whole-layout answer handed over in pieces is the same answer.
struct GuidePiecesTests {
    @Test(arguments: [1, 50, 4096])
    func piecesJoinToTheWholeAnswer(pieceSize: Int) throws {
        let layout = try GuideLayoutTests.prepared(GuideLayoutTests.grid(sections: 40, items: 30))
        expectPiecesJoinToTheWholeAnswer(
            layout, rects: [.everything, Rect(x: 100, y: 60, width: 700, height: 500)], pieceSize: pieceSize)
    }
}
