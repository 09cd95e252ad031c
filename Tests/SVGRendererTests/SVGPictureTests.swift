import LayoutKit
import SVGRenderer
import Testing

/// The SVG picture of a small hand-built set of attributes: the canvas, each element's shape at
/// its frame's coordinates and in its category's colours, the painting order, and escaping.
struct SVGPictureTests {
    @Test func aCellShapeIsTheOneItsPluginDeclares() {
        #expect(SVGPainter.CellShape(CellShape.round) == .ellipse)
        #expect(SVGPainter.CellShape(CellShape.rectangle) == .rectangle)
    }

    @Test func aHeaderAndACellMakeExactlyThisPicture() {
        let svg = svgPicture(
            of: [
                supplementary("header", 0, Rect(x: 0, y: 0, width: 200, height: 30), title: "Fruit"),
                cell(0, Rect(x: 10, y: 40, width: 100, height: 44)),
            ], size: Size(width: 200, height: 100), title: "fruit/phone", cellLabel: { _ in "Apple" })
        #expect(
            svg == """
                <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100" \
                font-family="Helvetica, Arial, sans-serif">
                <title>fruit/phone</title>
                <rect width="100%" height="100%" fill="#fbfbfd"/>
                <rect x="0" y="0" width="200" height="30" fill="#d9f2d9" stroke="#3d8a3d" stroke-width="0.5">\
                <title>supplementary header [0, 0]</title></rect>
                <text x="4" y="19.20" font-size="12" text-anchor="start" fill="#222233">Fruit</text>
                <rect x="10" y="40" width="100" height="44" fill="#cfe3ff" stroke="#3b6fb6" stroke-width="0.5">\
                <title>cell [0, 0]</title></rect>
                <text x="14" y="66.20" font-size="12" text-anchor="start" fill="#222233">Apple</text>
                </svg>

                """)
    }

    @Test func theCanvasIsTheContentSizeScaledDownToTheMaximumWidthOnly() {
        func canvas(_ size: Size, maximumWidth: Double? = nil) -> String {
            let svg = svgPicture(of: [], size: size, maximumWidth: maximumWidth)
            return String(svg.prefix { $0 != "\n" })
        }
        let end = ##" font-family="Helvetica, Arial, sans-serif">"##
        #expect(
            canvas(Size(width: 375, height: 667))
                == ##"<svg xmlns="http://www.w3.org/2000/svg" width="375" height="667" viewBox="0 0 375 667""## + end)
        #expect(
            canvas(Size(width: 4000, height: 1000)).contains(##"width="2000" height="500" viewBox="0 0 4000 1000""##))
        #expect(
            canvas(Size(width: 4000, height: 1000), maximumWidth: 1000)
                .contains(##"width="1000" height="250" viewBox="0 0 4000 1000""##))
        #expect(canvas(Size(width: 0, height: 0)).contains(##"width="1" height="1" viewBox="0 0 1 1""##))
        #expect(drawing(svgPicture(of: [], size: Size(width: 10, height: 10))) == [])
    }

    @Test func fractionsKeepTwoPlacesAndAlphaIsAnOpacityOnShapeAndLabel() {
        let lines = drawing(
            svgPicture(
                of: [cell(0, Rect(x: 0.5, y: 2, width: 100.0 / 3, height: 10), alpha: 0.25)],
                size: Size(width: 40, height: 20)))
        #expect(
            lines == [
                ##"<rect x="0.50" y="2" width="33.33" height="10" fill="#cfe3ff" stroke="#3b6fb6" stroke-width="0.5" opacity="0.25"><title>cell [0, 0]</title></rect>"##,
                ##"<text x="4.50" y="9.10" font-size="6" text-anchor="start" font-style="italic" fill="#6b7280" opacity="0.25">[0, 0]</text>"##,
            ])
    }

    @Test func elementsArePaintedByZIndexWithDecorationsBelowTheirZIndexThenAsGivenAndHiddenOnesAreLeftOut() {
        let frame = Rect(x: 0, y: 0, width: 50, height: 50)
        let svg = svgPicture(
            of: [
                cell(0, frame, zIndex: 1),
                cell(1, frame),
                LayoutAttributes(element: .decoration("separator", 0, 0), frame: frame),
                cell(2, frame, zIndex: -1, isHidden: true),
                cell(3, frame, zIndex: -1),
            ], size: Size(width: 50, height: 50))
        let painted = drawing(svg).filter { $0.hasPrefix("<rect") }.map {
            $0.split(separator: "<title>")[1].split(separator: "</title>")[0]
        }
        // The separator is given after cell 1 of the same zIndex, and painted below it (UIKit's backgrounds).
        #expect(painted == ["cell [0, 3]", "decoration separator [0, 0]", "cell [0, 1]", "cell [0, 0]"])
    }

    @Test func eachCategoryHasItsFillAndOutline() {
        let frame = Rect(x: 0, y: 0, width: 10, height: 5)
        let lines = drawing(
            svgPicture(
                of: [
                    cell(0, frame), supplementary("connector", 0, frame),
                    LayoutAttributes(element: .decoration("separator", 0, 0), frame: frame),
                ], size: Size(width: 10, height: 5)))
        let colours = lines.map { line in
            ["fill", "stroke"].map { line.split(separator: " \($0)=\"")[1].prefix(7) }.joined(separator: " ")
        }
        #expect(colours == ["#888888 #666666", "#cfe3ff #3b6fb6", "#d9f2d9 #3d8a3d"])
        #expect(ElementStyle.Colour(red: 0x0a, green: 0xff, blue: 0).hex == "#0aff00")
    }

    @Test func roundCellsAreEllipsesInTheirFramesAndOtherElementsStayRectangles() {
        let elements = [
            cell(0, Rect(x: 0, y: 0, width: 200, height: 40)),
            supplementary("header", 0, Rect(x: 0, y: 50, width: 200, height: 30), title: "H"),
        ]
        let size = Size(width: 200, height: 80)
        #expect(
            drawing(svgPicture(of: elements, size: size, roundCells: true, cellLabel: { _ in "Ann" })) == [
                ##"<ellipse cx="100" cy="20" rx="100" ry="20" fill="#cfe3ff" stroke="#3b6fb6" stroke-width="0.5"><title>cell [0, 0]</title></ellipse>"##,
                // The label keeps clear of the curved ends: 12% of the width in, not 4 points.
                ##"<text x="24" y="24.20" font-size="12" text-anchor="start" fill="#222233">Ann</text>"##,
                ##"<rect x="0" y="50" width="200" height="30" fill="#d9f2d9" stroke="#3d8a3d" stroke-width="0.5"><title>supplementary header [0, 0]</title></rect>"##,
                ##"<text x="4" y="69.20" font-size="12" text-anchor="start" fill="#222233">H</text>"##,
            ])
        let rightToLeft = drawing(
            svgPicture(of: elements, size: size, direction: .rightToLeft, roundCells: true, cellLabel: { _ in "Ann" }))
        #expect(rightToLeft[1].hasPrefix(##"<text x="176" y="24.20" font-size="12" direction="rtl" "##))
    }

    @Test func markupInTitlesKindsAndLabelsIsEscaped() {
        let svg = svgPicture(
            of: [
                cell(0, Rect(x: 0, y: 0, width: 300, height: 20)),
                LayoutAttributes(element: .decoration("a&b", 0, 0), frame: Rect(x: 0, y: 20, width: 300, height: 2)),
            ], size: Size(width: 300, height: 22), title: ##"Tom & Jerry's <"best">"##,
            cellLabel: { _ in ##"a<b & c>"d""## })
        #expect(svg.contains(##"<title>Tom &amp; Jerry's &lt;&quot;best&quot;&gt;</title>"##))
        #expect(svg.contains(##"fill="#222233">a&lt;b &amp; c&gt;&quot;d&quot;</text>"##))
        #expect(svg.contains("<title>decoration a&amp;b [0, 0]</title>"))
        #expect(!svg.contains("a<b") && !svg.contains("a&b") && !svg.contains(##"<"best">"##))
    }
}
