import LayoutKit
import Testing

/// Checks that a layout's answer handed over in pieces of `pieceSize` joins to its whole answer
/// for each of `rects`, and that a small piece size really makes pieces.
public func expectPiecesJoinToTheWholeAnswer(
    _ layout: some Layout, rects: [Rect], pieceSize: Int,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for rect in rects {
        var joined: [LayoutAttributes] = [], rest: [LayoutAttributes] = []
        var pieces = 0
        layout.elements(in: rect, into: &rest, pieceSize: pieceSize) { piece in
            #expect(piece.count >= pieceSize, sourceLocation: sourceLocation)
            joined += piece
            piece.removeAll()
            pieces += 1
        }
        #expect(joined + rest == layout.elements(in: rect), sourceLocation: sourceLocation)
        #expect(pieceSize > 1000 || pieces > 0, sourceLocation: sourceLocation)
    }
}
