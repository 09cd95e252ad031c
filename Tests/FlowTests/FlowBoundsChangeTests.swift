import Flow
import LayoutKit
import Testing

/// Bounds changes (§12): a change of D lays everything out again; any other change moves only
/// pinned headers and footers, and then costs only the new bounds.
struct FlowBoundsChangeTests {
    static let bounds = Rect(x: 0, y: 0, width: 200, height: 300)
    static let sections: [[Value]] = [FlowTesting.plain(8), FlowTesting.widths([40, 90, 150, 60], height: 30)]

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var options: [String: Value]
        var newBounds: Rect
        var invalidation: Invalidation?

        var testDescription: String { name }
    }

    static let headers: [String: Value] = ["headerReferenceSize": ["height": 30]]
    static let pinnedHeaders: [String: Value] = [
        "headerReferenceSize": ["height": 30], "sectionHeadersPinToVisibleBounds": true,
    ]
    static let pinnedFooters: [String: Value] = [
        "footerReferenceSize": ["height": 30], "sectionFootersPinToVisibleBounds": true,
    ]

    static let cases: [Case] = [
        Case(
            name: "width, unpinned", options: [:], newBounds: Rect(x: 0, y: 0, width: 250, height: 300),
            invalidation: .everything),
        Case(
            name: "scroll, unpinned", options: headers, newBounds: Rect(x: 0, y: 80, width: 200, height: 300),
            invalidation: nil),
        Case(
            name: "height, unpinned", options: headers, newBounds: Rect(x: 0, y: 0, width: 200, height: 500),
            invalidation: nil),
        Case(
            name: "scroll, pinned headers", options: pinnedHeaders,
            newBounds: Rect(x: 0, y: 80, width: 200, height: 300), invalidation: .bounds),
        Case(
            name: "width, pinned headers", options: pinnedHeaders,
            newBounds: Rect(x: 0, y: 80, width: 201, height: 300), invalidation: .everything),
        Case(
            name: "height, pinned footers", options: pinnedFooters,
            newBounds: Rect(x: 0, y: 0, width: 200, height: 150), invalidation: .bounds),
        Case(
            name: "pinning on, but no headers", options: ["sectionHeadersPinToVisibleBounds": true],
            newBounds: Rect(x: 0, y: 80, width: 200, height: 300), invalidation: nil),
        Case(
            name: "horizontal: height is D", options: ["scrollDirection": "horizontal"],
            newBounds: Rect(x: 0, y: 0, width: 200, height: 301), invalidation: .everything),
        Case(
            name: "horizontal: width is not", options: ["scrollDirection": "horizontal"],
            newBounds: Rect(x: 0, y: 0, width: 900, height: 300), invalidation: nil),
        Case(name: "no change, pinned", options: pinnedHeaders, newBounds: bounds, invalidation: nil),
    ]

    @Test(arguments: cases)
    func whatABoundsChangeInvalidates(_ change: Case) throws {
        let layout = try FlowTesting.prepared(change.options, Self.sections, bounds: Self.bounds)
        #expect(layout.shouldInvalidate(forBoundsChange: change.newBounds) == (change.invalidation != nil))
        if let invalidation = change.invalidation {
            #expect(layout.invalidation(forBoundsChange: change.newBounds) == invalidation)
            layout.invalidate(invalidation)
        }
        try layout.prepare(LayoutContext(dataSource: DataSet.sections(Self.sections).source, bounds: change.newBounds))
        let fresh = try FlowTesting.prepared(change.options, Self.sections, bounds: change.newBounds)
        #expect(layout.elements(in: .everything) == fresh.elements(in: .everything))
        #expect(layout.contentSize == fresh.contentSize)
    }

    @Test func aBoundsInvalidationDoesNotReadTheDataAgain() throws {
        let options: [String: Value] = [
            "headerReferenceSize": ["height": 30], "sectionHeadersPinToVisibleBounds": true,
        ]
        let layout = try FlowTesting.prepared(options, Self.sections, bounds: Self.bounds)
        let cells = layout.elements(in: .everything).filter { $0.element.category == .cell }
        // Data of the same shape whose every item would be refused: a prepare that read it would throw.
        let refused = Self.sections.map { $0.map { _ in Value.map(["width": -1]) } }
        let scrolled = Rect(x: 0, y: 100, width: 200, height: 300)
        layout.invalidate(layout.invalidation(forBoundsChange: scrolled))
        try layout.prepare(LayoutContext(dataSource: DataSet.sections(refused).source, bounds: scrolled))
        #expect(layout.elements(in: .everything).filter { $0.element.category == .cell } == cells)
        #expect(layout.attributes(for: .supplementary("header", 0, 0))?.frame.y == 100)
    }

    @Test func aZeroLineLengthLaysOutNothing() throws {
        let layout = try FlowTesting.prepared(
            ["headerReferenceSize": ["height": 30]], Self.sections, bounds: Rect(x: 0, y: 0, width: 0, height: 300))
        #expect(layout.elements(in: .everything).isEmpty)
        #expect(layout.attributes(for: .cell(0, 0)) == nil)
        #expect(layout.attributes(for: .supplementary("header", 0, 0)) == nil)
        #expect(layout.contentSize == .zero)
        #expect(layout.numberOfElements == 0)
        let wide = Rect(x: 0, y: 0, width: 200, height: 300)
        #expect(layout.shouldInvalidate(forBoundsChange: wide))
        layout.invalidate(layout.invalidation(forBoundsChange: wide))
        try layout.prepare(LayoutContext(dataSource: DataSet.sections(Self.sections).source, bounds: wide))
        #expect(layout.numberOfElements == 14)
    }

    @Test func noSectionsMeansNoContent() throws {
        let layout = try FlowTesting.prepared(["headerReferenceSize": ["height": 30]], [], bounds: Self.bounds)
        #expect(layout.contentSize == Size(width: 200, height: 0))
        #expect(layout.elements(in: .everything).isEmpty)
        #expect(layout.numberOfElements == 0)
    }
}
