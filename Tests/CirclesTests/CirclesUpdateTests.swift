import Circles
import LayoutKit
import TestSupport
import Testing

/// Batch updates: after `prepare(forUpdates:)` the layout packs only from the first change,
/// and must give exactly what a fresh prepare gives; progress reports climb from 0 to 1.
struct CirclesUpdateTests {
    /// A layout prepared with `old`, updated by the batch `newToOld` and prepared with `new`,
    /// beside one prepared with `new` from scratch.
    static func updatedAndFresh(old: [Value], new: [Value], newToOld: [Int64]) throws -> (
        updated: CirclesLayout, fresh: CirclesLayout
    ) {
        let bounds = Rect(x: 0, y: 0, width: 375, height: 667)
        let layout = try CirclesLayout(options: Options([:]))
        try layout.prepare(LayoutContext(dataSource: DataSet.items(old).source, bounds: bounds))
        OneSectionBatch.with(old: old.count, newToOld: newToOld) { layout.prepare(forUpdates: $0) }
        try layout.prepare(LayoutContext(dataSource: DataSet.items(new).source, bounds: bounds))
        let fresh = try CirclesLayout(options: Options([:]))
        try fresh.prepare(LayoutContext(dataSource: DataSet.items(new).source, bounds: bounds))
        return (layout, fresh)
    }

    @Test(arguments: [0, 1, 150, 299, 300])
    func anUpdatedLayoutEqualsAFreshOne(changedAt position: Int) throws {
        var random = SplitMix(seed: UInt64(position + 1))
        let old: [Value] = (0..<300).map { _ in .number(Double(random.next(in: 10...120))) }
        var new = old
        var newToOld = (0..<Int64(old.count)).map { $0 }
        if position == old.count {
            new.append(77)
            newToOld.append(-1)
        } else {
            new[position] = 33
            newToOld[position] = -1
        }
        let (layout, fresh) = try Self.updatedAndFresh(old: old, new: new, newToOld: newToOld)
        #expect(layout.elements(in: .everything) == fresh.elements(in: .everything))
        #expect(layout.contentSize == fresh.contentSize)
    }

    /// The content's bottom after an update comes from blocks of 4096 kept circles and the
    /// new ones: across block edges, and when the lowest circle is a kept one.
    @Test(arguments: [0, 4095, 4096, 4097, 8191, 9998, 9999])
    func theBottomAfterAnUpdateEqualsAFreshOnesAcrossBlocks(changedAt position: Int) throws {
        var random = SplitMix(seed: UInt64(position + 7))
        var old: [Value] = (0..<10_000).map { _ in .number(Double(random.next(in: 20...60))) }
        old[9998] = 300  // the lowest circle, kept when only the last one changes
        var new = old
        new[position] = 10
        var newToOld = (0..<Int64(old.count)).map { $0 }
        newToOld[position] = -1
        let (layout, fresh) = try Self.updatedAndFresh(old: old, new: new, newToOld: newToOld)
        #expect(layout.contentSize.height.bitPattern == fresh.contentSize.height.bitPattern)
        #expect(layout.elements(in: .everything) == fresh.elements(in: .everything))
    }

    @Test func aWidthChangeAfterABatchPacksEverythingAgain() throws {
        let items: [Value] = (0..<50).map { .number(Double(20 + $0 % 7 * 10)) }
        let layout = try CirclesLayout(options: Options([:]))
        try layout.prepare(
            LayoutContext(dataSource: DataSet.items(items).source, bounds: Rect(x: 0, y: 0, width: 375, height: 667)))
        OneSectionBatch.with(old: 50, newToOld: (0..<50).map { $0 }) { layout.prepare(forUpdates: $0) }
        try layout.prepare(
            LayoutContext(dataSource: DataSet.items(items).source, bounds: Rect(x: 0, y: 0, width: 500, height: 667)))
        let fresh = try CirclesLayout(options: Options([:]))
        try fresh.prepare(
            LayoutContext(dataSource: DataSet.items(items).source, bounds: Rect(x: 0, y: 0, width: 500, height: 667)))
        #expect(layout.elements(in: .everything) == fresh.elements(in: .everything))
    }

    @Test func prepareReportsProgressThatNeverGoesBack() throws {
        let items: [Value] = (0..<20_000).map { .number(Double(20 + $0 % 9 * 10)) }
        var reports: [Double] = []
        let layout = try CirclesLayout(options: Options([:]))
        try layout.prepare(
            LayoutContext(
                dataSource: DataSet.items(items).source, bounds: Rect(x: 0, y: 0, width: 375, height: 667),
                progress: { reports.append($0) }))
        #expect(reports.count == 4)
        #expect(reports == reports.sorted() && reports.allSatisfy { (0...1).contains($0) })
    }
}
