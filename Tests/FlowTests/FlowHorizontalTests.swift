import Flow
import LayoutKit
import ReferenceLayouts
import Testing

/// Horizontal flows (§4): lines are columns along y, stacked along x; interitem spacing is
/// within a column, line spacing between columns.
struct FlowHorizontalTests {
    static let options: [String: Value] = ["scrollDirection": "horizontal"]

    @Test func mixedColumnsAreJustifiedAndCentredAcross() throws {
        let items: [Value] = [
            ["width": 30, "height": 80], ["width": 50, "height": 100], ["width": 40, "height": 90],
        ]
        let layout = try FlowTesting.prepared(Self.options, [items], bounds: Rect(x: 0, y: 0, width: 300, height: 200))
        #expect(
            FlowTesting.frames(layout, 3) == [
                Rect(x: 10, y: 0, width: 30, height: 80), Rect(x: 0, y: 100, width: 50, height: 100),
                Rect(x: 60, y: 0, width: 40, height: 90),
            ])
        #expect(layout.contentSize == Size(width: 100, height: 200))
    }

    @Test func theSpacingsKeepApplesMeaning() throws {
        var options = Self.options
        options["minimumInteritemSpacing"] = 0
        options["minimumLineSpacing"] = 7
        // D = 100: two 50-tall items per column with no gap; columns 7 apart.
        let layout = try FlowTesting.prepared(
            options, [FlowTesting.plain(3)], bounds: Rect(x: 0, y: 0, width: 500, height: 100))
        #expect(
            FlowTesting.frames(layout, 3).map(\.origin) == [Point(x: 0, y: 0), Point(x: 0, y: 50), Point(x: 57, y: 0)])
        #expect(layout.contentSize == Size(width: 107, height: 100))
    }

    @Test func headersAndFootersSpanTheViewsHeight() throws {
        var options = Self.options
        options["headerReferenceSize"] = ["width": 15, "height": 999]
        options["footerReferenceSize"] = ["width": 5]
        options["sectionInset"] = ["top": 3, "left": 4, "bottom": 6, "right": 8]
        let bounds = Rect(x: 0, y: 0, width: 300, height: 120)
        let sections = [FlowTesting.plain(3), []]
        let layout = try FlowTesting.prepared(options, sections, bounds: bounds)
        // Column of two (avail 111: floor(121 / 60) = 2, gap 11), two columns.
        #expect(
            FlowTesting.frames(layout, 3).map(\.origin) == [
                Point(x: 19, y: 3), Point(x: 19, y: 64), Point(x: 79, y: 3),
            ])
        #expect(
            layout.attributes(for: .supplementary("header", 1, 0))?.frame == Rect(x: 142, y: 0, width: 15, height: 120))
        #expect(
            layout.attributes(for: .supplementary("footer", 1, 0))?.frame == Rect(x: 169, y: 0, width: 5, height: 120))
        #expect(layout.contentSize == Size(width: 174, height: 120))
        #expect(
            layout.elements(in: .everything)
                == ReferenceFlow.matching(options).layout(sections, bounds: bounds).elements)
    }

    @Test func theLineLengthIsTheViewsHeight() throws {
        let layout = try FlowTesting.prepared(
            Self.options, [FlowTesting.plain(4)], bounds: Rect(x: 0, y: 0, width: 40, height: 0))
        #expect(layout.elements(in: .everything).isEmpty)
        #expect(layout.contentSize == .zero)
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 40, height: 200)))
        #expect(!layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 400, height: 0)))
    }

    @Test func anItemTallerThanTheColumnOverflowsVertically() throws {
        let items: [Value] = [["height": 300], ["height": 20]]
        let layout = try FlowTesting.prepared(Self.options, [items], bounds: Rect(x: 0, y: 0, width: 300, height: 200))
        #expect(layout.contentOverflow == .vertical)
        let fits = try FlowTesting.prepared(
            Self.options, [FlowTesting.plain(9)], bounds: Rect(x: 0, y: 0, width: 300, height: 200))
        #expect(fits.contentOverflow == [])
    }
}
