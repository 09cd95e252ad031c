import LayoutKit
import PNGRenderer
import SVGRenderer
import Testing

/// PNG pictures: they decode, have the size asked for (or the scaled-down one), and show the
/// elements where their frames are.
struct PNGRendererTests {
    /// A grid of `columns` × `rows` cells of 50 × 30 points, 10 apart, and a header above it.
    func grid(columns: Int, rows: Int) -> [LayoutAttributes] {
        var elements: [LayoutAttributes] = []
        for row in 0..<rows {
            for column in 0..<columns {
                elements.append(
                    LayoutAttributes(
                        element: ElementID(category: .cell, kind: nil, path: ItemPath(section: row, item: column)),
                        frame: Rect(x: Double(10 + 60 * column), y: Double(50 + 40 * row), width: 50, height: 30)))
            }
        }
        elements.append(
            LayoutAttributes(
                element: ElementID(category: .supplementary, kind: "header", path: ItemPath(section: 0, item: 0)),
                frame: Rect(x: 0, y: 0, width: Double(10 + 60 * columns), height: 40)))
        return elements
    }

    /// How many runs of `colour` the row `y` of `image` crosses: one per element rectangle it meets.
    func runs(of colour: ElementStyle.Colour, inRow y: Int, of image: PNGImage) -> Int {
        var count = 0, inside = false
        for x in 0..<image.width {
            let isColour = image.colour(x: x, y: y) == colour
            if isColour && !inside { count += 1 }
            inside = isColour
        }
        return count
    }

    @Test func aPictureDecodesAtOnePixelAPointAndShowsEveryCell() throws {
        let picture = try PNGPainter().render(
            rect: Rect(x: 0, y: 0, width: 250, height: 170), elements: grid(columns: 4, rows: 3))
        #expect(Array(picture.png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(picture.width == 250 && picture.height == 170 && picture.scale == 1 && !picture.isScaledDown)
        let image = try PNGImage(decoding: picture.png)
        #expect(image.width == 250 && image.height == 170)
        let cellFill = ElementStyle.colours(.cell).fill
        // Sampled above the labels (the cells' top quarter): each row of the grid shows 4 cells.
        for row in 0..<3 {
            #expect(runs(of: cellFill, inRow: 50 + 40 * row + 5, of: image) == 4)
        }
        #expect(runs(of: ElementStyle.colours(.supplementary).fill, inRow: 5, of: image) == 1)
        #expect(image.colour(x: 5, y: 100) == ElementStyle.background)
        #expect(image.colour(x: 12, y: 55) == cellFill)
    }

    @Test func aRectShowsOnlyItsPartShiftedToTheOrigin() throws {
        let picture = try PNGPainter().render(
            rect: Rect(x: 60, y: 80, width: 120, height: 90), elements: grid(columns: 4, rows: 3))
        let image = try PNGImage(decoding: picture.png)
        #expect(image.width == 120 && image.height == 90)
        // Columns 1 and 2 start at x = 70 and 130: pixels 10 and 70 of the picture.
        #expect(runs(of: ElementStyle.colours(.cell).fill, inRow: 15, of: image) == 2)
        #expect(image.colour(x: 5, y: 15) == ElementStyle.background)
        #expect(image.colour(x: 15, y: 15) == ElementStyle.colours(.cell).fill)
    }

    @Test func largeRectsAreScaledDownToTheMaximumSide() throws {
        let picture = try PNGPainter().render(
            rect: Rect(x: 0, y: 0, width: 10_000, height: 100), elements: grid(columns: 2, rows: 1))
        #expect(picture.width == 4096 && picture.height == 41)
        #expect(picture.scale == 0.4096 && picture.isScaledDown)
        let image = try PNGImage(decoding: picture.png)
        #expect(image.width == 4096 && image.height == 41)
    }

    @Test func roundCellsAreDrawnAsEllipses() throws {
        let circle = LayoutAttributes(
            element: ElementID(category: .cell, kind: nil, path: ItemPath(section: 0, item: 0)),
            frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let picture = try PNGPainter(cellShape: .ellipse).render(
            rect: Rect(x: 0, y: 0, width: 100, height: 100), elements: [circle])
        let image = try PNGImage(decoding: picture.png)
        #expect(image.colour(x: 50, y: 20) == ElementStyle.colours(.cell).fill)
        #expect(image.colour(x: 3, y: 3) == ElementStyle.background)
    }

    @Test func noLineJoinsALabelToTheNextShape() throws {
        // Two labelled circles side by side: cairo's arc would start with a line from the end of
        // the first label unless each shape starts a new path.
        let circles = (0..<2).map { index in
            LayoutAttributes(
                element: ElementID(category: .cell, kind: nil, path: ItemPath(section: 0, item: index)),
                frame: Rect(x: Double(index * 100), y: 0, width: 80, height: 80))
        }
        let picture = try PNGPainter(cellShape: .ellipse).render(
            rect: Rect(x: 0, y: 0, width: 180, height: 80), elements: circles)
        let image = try PNGImage(decoding: picture.png)
        // The gap between the circles is background from top to bottom.
        let strays = (81..<99).flatMap { x in
            (0..<80).filter { y in image.colour(x: x, y: y) != ElementStyle.background }
        }
        #expect(strays.isEmpty)
    }

    @Test(arguments: [
        (Rect(x: 0, y: 0, width: 0, height: 10), "positive width and height"),
        (Rect(x: 0, y: 0, width: 10, height: -1), "positive width and height"),
        (Rect(x: .nan, y: 0, width: 10, height: 10), "finite numbers"),
        (Rect(x: 0, y: 0, width: .infinity, height: 10), "finite numbers"),
        (Rect(x: 0, y: 2e15, width: 10, height: 10), "within ±1e15"),
    ])
    func badRectsAreRefused(rect: Rect, expected: String) throws {
        let error = #expect(throws: PNGPainter.Failure.self) { try PNGPainter().render(rect: rect, elements: []) }
        #expect(error?.message.contains(expected) == true)
    }

    @Test func elementsFarAwayOrHugeDoNotBreakThePicture() throws {
        let huge = LayoutAttributes(
            element: ElementID(category: .cell, kind: nil, path: ItemPath(section: 0, item: 0)),
            frame: Rect(x: -1e14, y: -1e14, width: 3e14, height: 3e14))
        let picture = try PNGPainter(cellShape: .ellipse).render(
            rect: Rect(x: 0, y: 0, width: 40, height: 40), elements: [huge])
        let image = try PNGImage(decoding: picture.png)
        #expect(image.colour(x: 20, y: 20) == ElementStyle.colours(.cell).fill)
    }

    @Test func notAPNGIsRefused() {
        #expect(throws: PNGPainter.Failure.self) { try PNGImage(decoding: Array("not a picture".utf8)) }
    }
}
