import LayoutKit
import TestSupport
import Testing
import Waterfall

/// Batch updates: after `prepare(forUpdates:)` the layout places only from the first change
/// and must give exactly what a fresh prepare gives.
struct WaterfallUpdateTests {
    static let bounds = Rect(x: 0, y: 0, width: 375, height: 667)

    @Test(arguments: [0, 1, 150, 299, 300])
    func anUpdatedLayoutEqualsAFreshOne(changedAt position: Int) throws {
        var random = SplitMix(seed: UInt64(position + 1))
        let old: [Value] = (0..<300).map { _ in .number(Double(random.next(in: 10...320))) }
        var new = old
        var newToOld = Array(0..<old.count)
        if position == old.count {
            new.append(77)
            newToOld.append(-1)
        } else {
            new[position] = 33
            newToOld[position] = -1
        }
        let options = Options(["columns": 3, "headerHeight": 20])
        let layout = try WaterfallLayout(options: options)
        try layout.prepare(LayoutContext(dataSource: DataSet.items(old).source, bounds: Self.bounds))
        OneSectionBatch.with(old: old.count, newToOld: newToOld.map(Int64.init)) { layout.prepare(forUpdates: $0) }
        try layout.prepare(LayoutContext(dataSource: DataSet.items(new).source, bounds: Self.bounds))
        let fresh = try WaterfallLayout(options: options)
        try fresh.prepare(LayoutContext(dataSource: DataSet.items(new).source, bounds: Self.bounds))
        #expect(layout.elements(in: .everything) == fresh.elements(in: .everything))
        #expect(layout.contentSize == fresh.contentSize)
    }
}
