import Flow
import LayoutKit
import ReferenceLayouts
import Testing

/// Self-sizing (§10): with `estimatedItemSize`, cells take their preferred sizes and every
/// section is laid out line by line; without it, preferred sizes are ignored.
struct FlowSelfSizingTests {
    static let bounds = FlowTesting.viewport(width: 200)
    static let estimating: [String: Value] = [
        "estimatedItemSize": ["width": 50, "height": 50], "headerReferenceSize": ["height": 20],
    ]
    static let sections: [[Value]] = [FlowTesting.plain(7), [], [["width": 90], nil, nil, nil]]

    static func prepare(_ layout: FlowLayout, bounds: Rect = bounds) throws {
        try layout.prepare(LayoutContext(dataSource: DataSet.sections(sections).source, bounds: bounds))
    }

    @Test func preferredSizesAreTakenWhole() throws {
        let layout = try FlowTesting.prepared(Self.estimating, Self.sections, bounds: Self.bounds)
        let preferred: [ItemPath: Size] = [
            ItemPath(section: 0, item: 1): Size(width: 80, height: 30),
            ItemPath(section: 0, item: 6): Size(width: 20, height: 90),
            ItemPath(section: 2, item: 0): Size(width: 150, height: 10),
        ]
        for (path, size) in preferred.sorted(by: { $0.key < $1.key }) {
            #expect(
                layout.preferredAttributes(size, for: .cell(path.section, path.item))
                    == PreferredSizeAnswer(size: size, invalidation: .items))
        }
        try Self.prepare(layout)
        let expected = ReferenceFlow.matching(Self.estimating).layout(
            Self.sections, bounds: Self.bounds, preferred: preferred)
        #expect(layout.elements(in: .everything) == expected.elements)
        #expect(layout.contentSize == expected.contentSize)
        #expect(layout.attributes(for: .cell(0, 1))?.frame.size == Size(width: 80, height: 30))
    }

    @Test func sizesArrivingInRoundsEqualAFreshLayoutWithThemAll() throws {
        let layout = try FlowTesting.prepared(Self.estimating, Self.sections, bounds: Self.bounds)
        var random = TestRandom(seed: 7)
        var all: [ItemPath: Size] = [:]
        for _ in 0..<6 {
            for _ in 0..<3 {
                let section = random.pick([0, 2])
                let path = ItemPath(section: section, item: random.next(in: 0...(Self.sections[section].count - 1)))
                let size = Size(width: Double(random.next(in: 10...120)), height: Double(random.next(in: 10...80)))
                all[path] = size
                _ = layout.preferredAttributes(size, for: .cell(path.section, path.item))
            }
            try Self.prepare(layout)
            #expect(
                layout.elements(in: .everything)
                    == ReferenceFlow.matching(Self.estimating).layout(
                        Self.sections, bounds: Self.bounds, preferred: all
                    ).elements)
        }
    }

    @Test func sizesToldBeforeTheFirstPrepareAreKept() throws {
        let layout = try FlowTesting.layout(Self.estimating)
        _ = layout.preferredAttributes(Size(width: 10, height: 10), for: .cell(0, 0))
        try Self.prepare(layout)
        #expect(layout.attributes(for: .cell(0, 0))?.frame.size == Size(width: 10, height: 10))
    }

    @Test func headersFootersAndMissingItemsIgnoreThem() throws {
        let layout = try FlowTesting.prepared(Self.estimating, Self.sections, bounds: Self.bounds)
        #expect(layout.preferredAttributes(Size(width: 9, height: 9), for: .supplementary("header", 0, 0)) == nil)
        #expect(layout.preferredAttributes(Size(width: 9, height: 9), for: .cell(1, 0)) == nil)
        #expect(layout.preferredAttributes(Size(width: 9, height: 9), for: .cell(9, 0)) == nil)
        #expect(layout.preferredAttributes(Size(width: -1, height: 9), for: .cell(0, 0)) == nil)
        #expect(layout.preferredAttributes(Size(width: .nan, height: 9), for: .cell(0, 0)) == nil)
    }

    @Test func withoutAnEstimateTheyAreIgnored() throws {
        let layout = try FlowTesting.prepared([:], Self.sections, bounds: Self.bounds)
        let before = layout.elements(in: .everything)
        #expect(layout.preferredAttributes(Size(width: 80, height: 30), for: .cell(0, 0)) == nil)
        try Self.prepare(layout)
        #expect(layout.elements(in: .everything) == before)
    }

    @Test func aChangeOfTheLineLengthDropsThem() throws {
        let layout = try FlowTesting.prepared(Self.estimating, Self.sections, bounds: Self.bounds)
        _ = layout.preferredAttributes(Size(width: 80, height: 30), for: .cell(0, 0))
        try Self.prepare(layout)
        // A taller view keeps them…
        let taller = Rect(x: 0, y: 0, width: 200, height: 900)
        #expect(!layout.shouldInvalidate(forBoundsChange: taller))
        try Self.prepare(layout, bounds: taller)
        #expect(layout.attributes(for: .cell(0, 0))?.frame.size == Size(width: 80, height: 30))
        // …a wider one does not.
        let wider = Rect(x: 0, y: 0, width: 320, height: 900)
        #expect(layout.shouldInvalidate(forBoundsChange: wider))
        #expect(layout.invalidation(forBoundsChange: wider) == .everything)
        layout.invalidate(.everything)
        try Self.prepare(layout, bounds: wider)
        #expect(
            layout.elements(in: .everything)
                == ReferenceFlow.matching(Self.estimating).layout(Self.sections, bounds: wider).elements)
    }

    @Test func aDataChangeDropsThem() throws {
        let layout = try FlowTesting.prepared(Self.estimating, Self.sections, bounds: Self.bounds)
        _ = layout.preferredAttributes(Size(width: 80, height: 30), for: .cell(0, 0))
        layout.invalidate(.data)
        try Self.prepare(layout)
        #expect(layout.attributes(for: .cell(0, 0))?.frame.size == Size(width: 50, height: 50))
    }

    @Test func aSizeAlreadyHeldChangesNothing() throws {
        let layout = try FlowTesting.prepared(Self.estimating, Self.sections, bounds: Self.bounds)
        _ = layout.preferredAttributes(Size(width: 80, height: 30), for: .cell(0, 3))
        try Self.prepare(layout)
        let before = layout.elements(in: .everything)
        #expect(layout.preferredAttributes(Size(width: 80, height: 30), for: .cell(0, 3)) != nil)
        #expect(layout.preferredAttributes(Size(width: 50, height: 50), for: .cell(0, 4)) != nil)
        try Self.prepare(layout)
        #expect(layout.elements(in: .everything) == before)
    }
}
