import LayoutKit
import Testing

/// Labels in the SVG picture: which text an element shows, set from its leading edge (the right
/// edge right to left), cut at its end with an ellipsis that follows the text's own direction.
struct SVGLabelTests {
    /// The labels drawn, in painting order, as their text elements' contents.
    func labels(_ svg: String) -> [String] {
        drawing(svg).filter { $0.hasPrefix("<text ") }.map {
            String($0.split(separator: ">", maxSplits: 1)[1].dropLast("</text>".count))
        }
    }

    @Test func aTitleWinsThenTheCellsLabelThenItsIndexPathAndUntitledViewsHaveNone() {
        let frame = Rect(x: 0, y: 0, width: 120, height: 30)
        let svg = svgPicture(
            of: [
                LayoutAttributes(element: .cell(0, 0), frame: frame, extra: ["title": .string("Titled")]),
                cell(1, frame), cell(2, frame),
                supplementary("header", 0, frame, title: "Header"),
                supplementary("header", 1, frame, title: ""),
                supplementary("connector", 0, frame),
                LayoutAttributes(element: .decoration("separator", 0, 0), frame: frame),
            ], size: Size(width: 120, height: 30), cellLabel: { $0.item == 1 ? "Ann" : $0.item == 2 ? "" : "unused" })
        #expect(labels(svg) == ["Titled", "Ann", "[0, 2]", "Header"])
        #expect(svg.contains(##"font-style="italic" fill="#6b7280">[0, 2]</text>"##), "the index path is muted")
        #expect(!svg.contains(##"font-style="italic" fill="#6b7280">Ann"##))
    }

    @Test func rightToLeftALabelStartsAtTheRightEdgeOfItsUnmirroredFrame() {
        let elements = [cell(0, Rect(x: 10, y: 40, width: 100, height: 44))]
        let lines = drawing(
            svgPicture(
                of: elements, size: Size(width: 200, height: 100), direction: .rightToLeft, cellLabel: { _ in "Ann" }))
        #expect(
            lines == [
                ##"<rect x="10" y="40" width="100" height="44" fill="#cfe3ff" stroke="#3b6fb6" stroke-width="0.5"><title>cell [0, 0]</title></rect>"##,
                ##"<text x="106" y="66.20" font-size="12" direction="rtl" text-anchor="start" fill="#222233">Ann</text>"##,
            ])
    }

    @Test func aLongLabelIsCutAtItsEndAndTheEllipsisFollowsTheTextsDirection() {
        // 92 points for text at 12 points: 7.7 ems, of which the ellipsis takes one.
        let frame = Rect(x: 0, y: 0, width: 100, height: 40)
        func label(_ text: String, _ direction: LayoutDirection) -> [String] {
            labels(svgPicture(of: [cell(0, frame)], size: frame.size, direction: direction, cellLabel: { _ in text }))
        }
        #expect(label("Mathematics and Physics", .leftToRight) == ["Mathematics…"])
        #expect(label("Mathematics and Physics", .rightToLeft) == ["Mathematics…\u{200E}"])
        #expect(label("مرحبا بالعالم الكبير", .leftToRight) == ["مرحبا بالعا…\u{200F}"])
        #expect(label("مرحبا بالعالم الكبير", .rightToLeft) == ["مرحبا بالعا…"])
        #expect(label("Physics", .leftToRight) == ["Physics"])
    }

    @Test func theFontIsSixTenthsOfTheHeightUpToTwelveAndTooSmallAnElementHasNoLabel() {
        func text(_ frame: Rect) -> String? {
            drawing(svgPicture(of: [cell(0, frame)], size: Size(width: 200, height: 200), cellLabel: { _ in "Ann" }))
                .first { $0.hasPrefix("<text ") }
        }
        #expect(
            text(Rect(x: 0, y: 0, width: 100, height: 10))?.hasPrefix(##"<text x="4" y="7.10" font-size="6" "##) == true
        )
        #expect(text(Rect(x: 0, y: 0, width: 100, height: 100))?.contains(##" font-size="12" "##) == true)
        #expect(text(Rect(x: 0, y: 0, width: 100, height: 6)) == nil, "a font under 4 points")
        #expect(text(Rect(x: 0, y: 0, width: 15, height: 30)) == nil, "no room for an ellipsis")
        #expect(
            text(Rect(x: 0, y: 0, width: 20, height: 30))
                == ##"<text x="4" y="19.20" font-size="12" text-anchor="start" fill="#222233">…</text>"##)
    }
}
