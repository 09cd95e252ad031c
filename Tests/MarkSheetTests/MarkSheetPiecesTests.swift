import LayoutKit
import MarkSheet
import Testing

/// A whole-layout answer handed over in pieces is the same answer.
struct MarkSheetPiecesTests {
    @Test(arguments: [1, 50, 4096])
    func piecesJoinToTheWholeAnswer(pieceSize: Int) throws {
        let layout = try MarkSheetLayoutTests.prepared(MarkSheetLayoutTests.table(rows: 60, columns: 12), width: 800)
        for rect in [Rect.everything, Rect(x: 150, y: 100, width: 400, height: 900)] {
            var joined: [LayoutAttributes] = [], rest: [LayoutAttributes] = []
            var pieces = 0
            layout.elements(in: rect, into: &rest, pieceSize: pieceSize) { piece in
                #expect(piece.count >= pieceSize)
                joined += piece
                piece.removeAll()
                pieces += 1
            }
            #expect(joined + rest == layout.elements(in: rect))
            #expect(pieceSize > 1000 || pieces > 0)
        }
    }
}
