/// A batch update about to reach a layout (`Layout.prepare(forUpdates:)`): where each item
/// and section before the batch goes, and where each after it comes from. Items are numbered
/// globally, all sections' items in order.
///
/// A view of the host's arrays: valid only during the `prepare(forUpdates:)` call.
public struct UpdateBatch {
    public let oldSectionStarts: UnsafeBufferPointer<Int64>
    public let newSectionStarts: UnsafeBufferPointer<Int64>
    /// Per old section, its new position; -1 when deleted.
    public let sectionOldToNew: UnsafeBufferPointer<Int64>
    /// Per new section, its old position; -1 when inserted.
    public let sectionNewToOld: UnsafeBufferPointer<Int64>
    /// Per old item, its new global index; -1 when deleted or reloaded.
    public let itemOldToNew: UnsafeBufferPointer<Int64>
    /// Per new item, its old global index; -1 when inserted or reloaded.
    public let itemNewToOld: UnsafeBufferPointer<Int64>

    public init(oldSectionStarts: UnsafeBufferPointer<Int64>, newSectionStarts: UnsafeBufferPointer<Int64>,
                sectionOldToNew: UnsafeBufferPointer<Int64>, sectionNewToOld: UnsafeBufferPointer<Int64>,
                itemOldToNew: UnsafeBufferPointer<Int64>, itemNewToOld: UnsafeBufferPointer<Int64>) {
        self.oldSectionStarts = oldSectionStarts
        self.newSectionStarts = newSectionStarts
        self.sectionOldToNew = sectionOldToNew
        self.sectionNewToOld = sectionNewToOld
        self.itemOldToNew = itemOldToNew
        self.itemNewToOld = itemNewToOld
    }

    /// How many leading items are the same before and after (same items, same values, same
    /// global positions, in sections of the same starts): a layout that places items in order
    /// may keep their frames and start again from there. O(that many).
    public var unchangedPrefix: Int {
        var count = 0
        let shared = min(itemNewToOld.count, itemOldToNew.count)
        while count < shared && itemNewToOld[count] == Int64(count) { count += 1 }
        // Section boundaries inside the prefix must not have moved either.
        for section in 0..<min(oldSectionStarts.count, newSectionStarts.count) {
            let old = Int(oldSectionStarts[section]), new = Int(newSectionStarts[section])
            if old != new { return min(count, old, new) }
            if old >= count { break }
        }
        return count
    }
}
