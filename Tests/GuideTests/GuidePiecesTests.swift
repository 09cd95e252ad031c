import Guide
import LayoutKit
import Testing

/// A whole-layout answer handed over in pieces is the same answer.
struct GuidePiecesTests {
    @Test(arguments: [1, 50, 4096])
    func piecesJoinToTheWholeAnswer(pieceSize: Int) throws {
        let layout = try GuideLayoutTests.prepared(GuideLayoutTests.grid(sections: 40, items: 30))
        for rect in [Rect.everything, Rect(x: 100, y: 60, width: 700, height: 500)] {
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
