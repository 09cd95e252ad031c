import LayoutKit
import TestSupport
import Testing
import Waterfall

/// Batch updates: after `prepare(forUpdates:)` the layout places only from the first change
/// and must give exactly what a fresh prepare gives.
struct WaterfallUpdateTests {
    static let bounds = Rect(x: 0, y: 0, width: 375, height: 667)

    /// A one-section batch as the host would describe it: `newToOld[i]` is the old index of
    /// new item i, or -1 for an inserted or reloaded one.
    static func withBatch<T>(old: Int, newToOld: [Int], _ body: (UpdateBatch) -> T) -> T {
        var runs: [ItemRun] = []
        for (new, source) in newToOld.enumerated() where source >= 0 {
            if let last = runs.last, last.old + last.count == source, last.new + last.count == new {
                runs[runs.count - 1].count += 1
            } else {
                runs.append(ItemRun(old: source, new: new, count: 1))
            }
        }
        let oldStarts: [Int64] = [0, Int64(old)], newStarts: [Int64] = [0, Int64(newToOld.count)], same: [Int64] = [0]
        return oldStarts.withUnsafeBufferPointer { oldStarts in
            newStarts.withUnsafeBufferPointer { newStarts in
                same.withUnsafeBufferPointer { same in
                    body(UpdateBatch(oldSectionStarts: oldStarts, newSectionStarts: newStarts, sectionOldToNew: same,
                                     sectionNewToOld: same, itemRuns: runs))
                }
            }
        }
    }

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
        Self.withBatch(old: old.count, newToOld: newToOld) { layout.prepare(forUpdates: $0) }
        try layout.prepare(LayoutContext(dataSource: DataSet.items(new).source, bounds: Self.bounds))
        let fresh = try WaterfallLayout(options: options)
        try fresh.prepare(LayoutContext(dataSource: DataSet.items(new).source, bounds: Self.bounds))
        #expect(layout.elements(in: .everything) == fresh.elements(in: .everything))
        #expect(layout.contentSize == fresh.contentSize)
    }
}
