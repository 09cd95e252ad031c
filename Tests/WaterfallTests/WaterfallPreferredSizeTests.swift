import LayoutKit
import TestSupport
import Testing
import Waterfall

/// Preferred sizes: a cell takes the preferred height at its column's width, many sizes
/// cost one prepare, a batch update carries them, a width change drops them.
struct WaterfallPreferredSizeTests {
    static let bounds = Rect(x: 0, y: 0, width: 375, height: 667)
    static let sections: [[Value]] = [
        (0..<40).map { .number(Double(30 + $0 * 7 % 90)) }, [], (0..<25).map { .number(Double(50 + $0)) },
    ]

    static func prepared(_ reference: ReferenceWaterfall) throws -> WaterfallLayout {
        let layout = try WaterfallLayout(options: Options(reference.options))
        try layout.prepare(LayoutContext(dataSource: DataSet.sections(sections).source, bounds: bounds))
        return layout
    }

    @Test(arguments: [false, true])
    func preferredHeightsReplaceTheDatasOnes(roundRobin: Bool) throws {
        var reference = ReferenceWaterfall()
        reference.roundRobin = roundRobin
        reference.headerHeight = 24
        let layout = try Self.prepared(reference)
        let preferred: [ItemPath: Double] = [
            ItemPath(section: 0, item: 17): 240.5, ItemPath(section: 0, item: 3): 0,
            ItemPath(section: 2, item: 24): 99,
        ]
        for (path, height) in preferred.sorted(by: { $0.key < $1.key }) {
            let answer = layout.preferredAttributes(
                Size(width: 10, height: height), for: .cell(path.section, path.item))
            #expect(answer == PreferredSizeAnswer(size: Size(width: 175.5, height: height), invalidation: .items))
        }
        #expect(layout.preferredAttributes(Size(width: 10, height: 5), for: .supplementary("header", 0, 0)) == nil)
        #expect(layout.preferredAttributes(Size(width: 10, height: 5), for: .cell(1, 0)) == nil)
        try layout.prepare(LayoutContext(dataSource: DataSet.sections(Self.sections).source, bounds: Self.bounds))
        let expected = reference.layout(Self.sections, width: 375, preferred: preferred)
        #expect(layout.elements(in: .everything) == expected.elements)
        #expect(layout.contentSize == expected.contentSize)
        // Told again (as the host does after data changes), the same sizes change nothing.
        _ = layout.preferredAttributes(Size(width: 1, height: 240.5), for: .cell(0, 17))
        try layout.prepare(LayoutContext(dataSource: DataSet.sections(Self.sections).source, bounds: Self.bounds))
        #expect(layout.elements(in: .everything) == expected.elements)
    }

    @Test func aWidthChangeDropsThem() throws {
        let layout = try Self.prepared(ReferenceWaterfall())
        _ = layout.preferredAttributes(Size(width: 1, height: 500), for: .cell(0, 0))
        let wide = Rect(x: 0, y: 0, width: 600, height: 667)
        #expect(layout.shouldInvalidate(forBoundsChange: wide))
        layout.invalidate(layout.invalidation(forBoundsChange: wide))
        try layout.prepare(LayoutContext(dataSource: DataSet.sections(Self.sections).source, bounds: wide))
        #expect(layout.elements(in: .everything) == ReferenceWaterfall().layout(Self.sections, width: 600).elements)
    }

    @Test func aBatchUpdateCarriesThemWithTheirItems() throws {
        let items: [Value] = (0..<50).map { .number(Double(20 + $0 * 13 % 70)) }
        let layout = try WaterfallLayout(options: Options())
        try layout.prepare(LayoutContext(dataSource: DataSet.items(items).source, bounds: Self.bounds))
        _ = layout.preferredAttributes(Size(width: 1, height: 300), for: .cell(0, 10))
        _ = layout.preferredAttributes(Size(width: 1, height: 200), for: .cell(0, 30))
        // Delete item 5 and reload old item 30 (new 29): item 10 moves to 9 with its size, 30 loses its.
        var newToOld = Array(0..<50)
        newToOld.remove(at: 5)
        newToOld[29] = -1
        var new = items
        new.remove(at: 5)
        OneSectionBatch.with(old: 50, newToOld: newToOld.map(Int64.init)) { layout.prepare(forUpdates: $0) }
        try layout.prepare(LayoutContext(dataSource: DataSet.items(new).source, bounds: Self.bounds))
        #expect(
            layout.elements(in: .everything)
                == ReferenceWaterfall().layout([new], width: 375, preferred: [ItemPath(section: 0, item: 9): 300])
                .elements)
    }

    @Test(arguments: [0, 17, 39])
    func changedElementsAreExactlyTheFramesThatMoved(item: Int) throws {
        var reference = ReferenceWaterfall()
        reference.headerHeight = 30
        let layout = try Self.prepared(reference)
        #expect(layout.changedElements(limit: 1000)?.count == 65 + 3, "a full prepare places everything anew")
        let before = layout.elements(in: .everything)
        _ = layout.preferredAttributes(Size(width: 1, height: 150), for: .cell(0, item))
        try layout.prepare(LayoutContext(dataSource: DataSet.sections(Self.sections).source, bounds: Self.bounds))
        let after = layout.elements(in: .everything)
        let moved = zip(before, after).filter { $0.0 != $0.1 }.map(\.1)
        #expect(layout.changedElements(limit: 1000).map { $0.count } == moved.count)
        #expect(layout.changedElements(limit: 1000)?.first == moved)
        #expect(layout.changedElements(limit: 2)?.first == Array(moved.prefix(2)))
    }
}
