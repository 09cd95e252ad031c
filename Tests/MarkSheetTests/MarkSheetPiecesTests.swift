import LayoutKit
import MarkSheet
import TestSupport
import Testing

/// A whole-layout answer handed over in pieces is the same answer.
struct MarkSheetPiecesTests {
    @Test(arguments: [1, 50, 4096])
    func piecesJoinToTheWholeAnswer(pieceSize: Int) throws {
        let layout = try MarkSheetLayoutTests.prepared(MarkSheetLayoutTests.table(rows: 60, columns: 12), width: 800)
        expectPiecesJoinToTheWholeAnswer(
            layout, rects: [.everything, Rect(x: 150, y: 100, width: 400, height: 900)], pieceSize: pieceSize)
    }
}
