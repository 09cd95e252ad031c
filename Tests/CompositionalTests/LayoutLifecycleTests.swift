import Compositional
import LayoutKit
import Testing

/// What the host asks of the layout besides frames: its description, bounds changes and what
/// they invalidate, the kinds, the element budget and the overflow it declares.
struct LayoutLifecycleTests {
    @Test func thePluginDescribesItself() {
        let info = CompositionalLayout.info
        #expect(info.name == "compositional")
        #expect(info.version == "1.0.0")
        #expect(info.kinds.isEmpty)
        #expect(info.options == ["configuration", "sections"])
        #expect(info.flipsHorizontally)
    }

    @Test func aNewSizeInvalidatesEverythingAndANewOriginNothingWithoutPins() throws {
        let layout = try Prepared.layout(SampleLayout.grid.options, counts: [94])
        #expect(!layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 500, width: 375, height: 667)))
        let wider = Rect(x: 0, y: 0, width: 500, height: 667)
        #expect(layout.shouldInvalidate(forBoundsChange: wider))
        #expect(layout.invalidation(forBoundsChange: wider) == .everything)
        layout.invalidate(.everything)
        try layout.prepare(LayoutContext(dataSource: Prepared.data([94]).source, bounds: wider))
        #expect(layout.attributes(for: .cell(0, 93))?.frame == Rect(x: 300, y: 1800, width: 100, height: 100))
    }

    @Test func aNewOriginMovesOnlyPinnedItemsWithoutLayingOutAgain() throws {
        let sample = SampleLayout.orthogonalSections
        let layout = try Prepared.layout(sample.options, counts: sample.data)
        let scrolled = Rect(x: 0, y: 400, width: 375, height: 667)
        #expect(layout.shouldInvalidate(forBoundsChange: scrolled))
        #expect(layout.invalidation(forBoundsChange: scrolled) == .bounds)
        let cells = layout.elements(in: .everything).filter { $0.element.category == .cell }
        layout.invalidate(.bounds)
        // A bounds-only prepare reads nothing but the bounds (other data would not be seen).
        try layout.prepare(LayoutContext(dataSource: Prepared.data([1]).source, bounds: scrolled))
        #expect(layout.elements(in: .everything).filter { $0.element.category == .cell } == cells)
        // Section 1 spans 330.8…641.6: its header follows the bounds' top.
        #expect(layout.attributes(for: .supplementary("header", 1, 0))?.frame.minY == 400)
        layout.invalidate(.data)
        try layout.prepare(LayoutContext(dataSource: Prepared.data([1]).source, bounds: scrolled))
        #expect(layout.numberOfElements == 3)
    }

    @Test func theOptionsDecideKindsBudgetAndOverflow() throws {
        let sample = SampleLayout.orthogonalSections
        let layout = try Prepared.layout(sample.options, counts: sample.data)
        #expect(layout.elementKinds == [ElementKind("header", .supplementary), ElementKind("background", .decoration)])
        #expect(layout.elementBudget == ElementBudget(perItem: 1, perSection: 2))
        #expect(layout.contentOverflow == .horizontal)
        let list = try Prepared.layout(SampleLayout.list.options, counts: [94])
        #expect(list.elementKinds == [])
        #expect(list.elementBudget == ElementBudget(perItem: 1, perSection: 0))
        #expect(list.contentOverflow == [])
    }

    @Test func queriesNearTheEndAreExactToo() throws {
        let layout = try Prepared.layout(SampleLayout.nestedGroups.options, counts: [100_000])
        let all = Prepared.all(layout)
        let height = layout.contentSize.height
        for y in [0, height / 2, height - 667, height - 1] {
            let rect = Rect(x: 0, y: y, width: 375, height: 667)
            #expect(layout.elements(in: rect) == all.filter { $0.frame.intersects(rect) })
        }
        #expect(
            layout.elements(in: Rect(x: 0, y: height - 667, width: 375, height: 667)).last?.element == .cell(0, 99_999))
    }

    @Test func overflowIsDeclaredAlongTheAxesFramesReallyLeave() throws {
        let sevenths = Describe.options([
            Describe.section(
                Describe.group(
                    "horizontal", Describe.fractionalWidth(1), Describe.absolute(40),
                    ["subitems": [Describe.item(Describe.fractionalWidth(1.0 / 7), Describe.fractionalHeight(1))]]))
        ])
        let plain = try Prepared.layout(sevenths, counts: [20])
        #expect(plain.attributes(for: .cell(0, 6)).map { Tolerance.isClose($0.frame.maxX, 375) } == true)
        #expect(plain.contentOverflow == [])
        let header = BoundaryItemTests.boundary(
            "header", "top", Describe.fractionalWidth(1), Describe.absolute(30), ["offset": ["x": 0, "y": -5]])
        let raised = try Prepared.layout(
            Describe.options([Describe.list(height: 40, ["boundarySupplementaryItems": [header]])]), counts: [3])
        #expect(raised.contentOverflow == .vertical)
        // Across a horizontal layout, y is the cross axis.
        let side = BoundaryItemTests.boundary(
            "header", "leading", Describe.absolute(30), Describe.fractionalHeight(1), ["offset": ["x": 0, "y": -5]])
        let horizontal = try Prepared.layout(
            Describe.options(
                [Describe.list(height: 40, ["boundarySupplementaryItems": [side]])],
                configuration: ["scrollDirection": "horizontal"]),
            counts: [0])
        #expect(
            horizontal.attributes(for: .supplementary("header", 0, 0))?.frame
                == Rect(x: 0, y: -5, width: 30, height: 667))
        #expect(horizontal.contentOverflow == .vertical)
    }
}
