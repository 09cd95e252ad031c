import LayoutKit
import PNGRenderer
import SVGRenderer
import Testing

/// Tiles: a part larger than 4096 pixels a side at its scale cut into pictures of at most that
/// size, row by row, that meet without a gap or an overlap and draw what one picture would.
struct TileGridTests {
    @Test func aPartThatFitsIsOneTileOfItsOwnRect() throws {
        let rect = Rect(x: 0.5, y: 7, width: 1238.66875, height: 620)
        let grid = try TileGrid(rect: rect, scale: 1, limit: 256)
        #expect(grid.count == 1 && grid.columns == 1 && grid.rows == 1)
        #expect(grid.tile(0) == TileGrid.Tile(rect: rect, width: 1239, height: 620, scale: 1))
    }

    @Test func tilesAreNumberedRowByRowAndMeetEdgeToEdge() throws {
        let grid = try TileGrid(rect: Rect(x: -100, y: 20, width: 5000, height: 9000), scale: 1, limit: 256)
        #expect([grid.columns, grid.rows, grid.count, grid.width, grid.height] == [2, 3, 6, 5000, 9000])
        #expect(
            (0..<6).map { grid.tile($0) } == [
                TileGrid.Tile(
                    rect: Rect(x: -100, y: 20, width: 4096, height: 4096), width: 4096, height: 4096, scale: 1),
                TileGrid.Tile(rect: Rect(x: 3996, y: 20, width: 904, height: 4096), width: 904, height: 4096, scale: 1),
                TileGrid.Tile(
                    rect: Rect(x: -100, y: 4116, width: 4096, height: 4096), width: 4096, height: 4096, scale: 1),
                TileGrid.Tile(
                    rect: Rect(x: 3996, y: 4116, width: 904, height: 4096), width: 904, height: 4096, scale: 1),
                TileGrid.Tile(
                    rect: Rect(x: -100, y: 8212, width: 4096, height: 808), width: 4096, height: 808, scale: 1),
                TileGrid.Tile(rect: Rect(x: 3996, y: 8212, width: 904, height: 808), width: 904, height: 808, scale: 1),
            ])
    }

    @Test func aScaleSetsThePixelsAndTheTilesPointsAlike() throws {
        let grid = try TileGrid(rect: Rect(x: 0, y: 0, width: 375, height: 9071.2), scale: 2, limit: 256)
        #expect([grid.columns, grid.rows, grid.width, grid.height] == [1, 5, 750, 18143])
        #expect(
            grid.tile(1)
                == TileGrid.Tile(
                    rect: Rect(x: 0, y: 2048, width: 375, height: 2048), width: 750, height: 4096, scale: 2))
        let last = grid.tile(4)
        #expect(last.height == 18143 - 4 * 4096 && abs(last.rect.maxY - 9071.2) < 1e-9)
    }

    @Test func tooManyTilesAreRefusedBeforeAnyCountIsAnInteger() {
        #expect(throws: TileGrid.Failure.tooManyTiles(needed: 293, limit: 256)) {
            try TileGrid(rect: Rect(x: 0, y: 0, width: 300, height: 1_200_020), scale: 1, limit: 256)
        }
        // 10^15 points at 16 pixels a point: about 10^25 tiles, more than an Int holds.
        #expect(throws: TileGrid.Failure.self) {
            try TileGrid(rect: Rect(x: 0, y: 0, width: 1e15, height: 1e15), scale: 16, limit: 256)
        }
    }

    @Test(arguments: [
        (Rect(x: 0, y: 0, width: 0, height: 10), 1.0),
        (Rect(x: .nan, y: 0, width: 10, height: 10), 1.0),
        (Rect(x: 2e15, y: 0, width: 10, height: 10), 1.0),
        (Rect(x: 0, y: 0, width: 10, height: 10), 0.0),
        (Rect(x: 0, y: 0, width: 10, height: 10), Double.infinity),
    ])
    func aPartOrScaleThatCannotBeDrawnIsRefusedInWords(rect: Rect, scale: Double) {
        #expect {
            try TileGrid(rect: rect, scale: scale, limit: 256)
        } throws: { error in
            guard case .notDrawable(let reason) = error as? TileGrid.Failure else { return false }
            return reason.hasPrefix("the rect must") || reason.hasPrefix("the scale must")
        }
    }

    @Test func oneTileDrawsTheSameBytesAsTheWholeRectAndTilesTheSamePixels() throws {
        var elements: [LayoutAttributes] = []
        for item in 0..<6 {
            elements.append(
                LayoutAttributes(
                    element: ElementID(category: .cell, kind: nil, path: ItemPath(section: 0, item: item)),
                    frame: Rect(x: 10, y: Double(10 + 800 * item), width: 200, height: 700)))
        }
        let rect = Rect(x: 0, y: 0, width: 220, height: 4800)
        let painter = PNGPainter()
        let fits = try TileGrid(rect: Rect(x: 0, y: 0, width: 220, height: 4000), scale: 1, limit: 256)
        #expect(
            try painter.render(fits.tile(0), elements: elements).png
                == painter.render(rect: fits.rect, elements: elements).png)
        // Taller than 4096: the second tile starts where the first ends, a cell cut across both.
        let grid = try TileGrid(rect: rect, scale: 1, limit: 256)
        #expect(grid.count == 2)
        let first = try PNGImage(decoding: painter.render(grid.tile(0), elements: elements).png)
        let second = try PNGImage(decoding: painter.render(grid.tile(1), elements: elements).png)
        #expect([first.width, first.height, second.width, second.height] == [220, 4096, 220, 704])
        // The cell at y 4010…4710 fills the first tile's last row and the second tile's first.
        let cellFill = ElementStyle.colours(.cell).fill
        #expect(first.colour(x: 100, y: 4095) == cellFill)
        #expect(second.colour(x: 100, y: 0) == cellFill)
        #expect(second.colour(x: 100, y: 4710 - 4096 + 20) == ElementStyle.background)
    }
}
