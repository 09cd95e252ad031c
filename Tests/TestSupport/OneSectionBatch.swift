import LayoutKit

/// Batch updates of one section, for layouts' own update tests.
public enum OneSectionBatch {
    /// A one-section batch as the host would describe it: `newToOld[i]` is the old index of
    /// new item i, or -1 for an inserted or reloaded one.
    public static func with<T>(old: Int, newToOld: [Int64], _ body: (UpdateBatch) -> T) -> T {
        var runs: [ItemRun] = []
        for (new, source) in newToOld.enumerated() where source >= 0 {
            if let last = runs.last, last.old + last.count == Int(source), last.new + last.count == new {
                runs[runs.count - 1].count += 1
            } else {
                runs.append(ItemRun(old: Int(source), new: new, count: 1))
            }
        }
        let oldStarts: [Int64] = [0, Int64(old)], newStarts: [Int64] = [0, Int64(newToOld.count)], same: [Int64] = [0]
        return oldStarts.withUnsafeBufferPointer { oldStarts in
            newStarts.withUnsafeBufferPointer { newStarts in
                same.withUnsafeBufferPointer { same in
                    body(
                        UpdateBatch(
                            oldSectionStarts: oldStarts, newSectionStarts: newStarts, sectionOldToNew: same,
                            sectionNewToOld: same, itemRuns: runs))
                }
            }
        }
    }
}
