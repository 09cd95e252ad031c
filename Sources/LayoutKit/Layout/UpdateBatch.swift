/// A batch update about to reach a layout (`Layout.prepare(forUpdates:)`): where each section
/// before the batch goes, where each after it comes from, and the runs of items that keep
/// their identity. Items are numbered globally, all sections' items in order.
///
/// The section arrays are views of the host's memory: valid only during the
/// `prepare(forUpdates:)` call. The runs are the plugin's own copy.
public struct UpdateBatch {
    public let oldSectionStarts: UnsafeBufferPointer<Int64>
    public let newSectionStarts: UnsafeBufferPointer<Int64>
    /// Per old section, its new position; -1 when deleted.
    public let sectionOldToNew: UnsafeBufferPointer<Int64>
    /// Per new section, its old position; -1 when inserted.
    public let sectionNewToOld: UnsafeBufferPointer<Int64>
    /// The items that keep their identity, in order of their new positions: an old item in
    /// no run was deleted or reloaded, a new item in no run was inserted or reloaded.
    public let itemRuns: [ItemRun]
    /// Indices into `itemRuns`, in order of the runs' old positions.
    private let runsByOld: [Int]

    public init(
        oldSectionStarts: UnsafeBufferPointer<Int64>, newSectionStarts: UnsafeBufferPointer<Int64>,
        sectionOldToNew: UnsafeBufferPointer<Int64>, sectionNewToOld: UnsafeBufferPointer<Int64>, itemRuns: [ItemRun]
    ) {
        self.oldSectionStarts = oldSectionStarts
        self.newSectionStarts = newSectionStarts
        self.sectionOldToNew = sectionOldToNew
        self.sectionNewToOld = sectionNewToOld
        self.itemRuns = itemRuns
        runsByOld = itemRuns.indices.sorted { itemRuns[$0].old < itemRuns[$1].old }
    }

    /// The new global index of old global item `old`; nil when it was deleted or reloaded.
    /// O(log runs).
    public func newIndex(ofOld old: Int) -> Int? {
        itemRuns.run(holding: old, isOld: true, order: runsByOld).map { $0.new + (old - $0.old) }
    }

    /// The old global index of new global item `new`; nil when it was inserted or reloaded.
    /// O(log runs).
    public func oldIndex(ofNew new: Int) -> Int? {
        itemRuns.run(holding: new, isOld: false).map { $0.old + (new - $0.new) }
    }

    /// How many leading items are the same before and after (same items, same values, same
    /// global positions, in sections of the same starts): a layout that places items in order
    /// may keep their frames and start again from there. O(runs + sections).
    public var unchangedPrefix: Int {
        var count = 0
        for run in itemRuns {
            guard run.old == count, run.new == count else { break }
            count += run.count
        }
        // Section boundaries inside the prefix must not have moved either.
        for section in 0..<min(oldSectionStarts.count, newSectionStarts.count) {
            let old = Int(oldSectionStarts[section]), new = Int(newSectionStarts[section])
            if old != new { return min(count, old, new) }
            if old >= count { break }
        }
        return count
    }
}
