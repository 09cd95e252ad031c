import LayoutKit

/// A validated batch update: how every section and item before the batch relates to those
/// after it. Made by `BatchPlan.init(changes:sectionCounts:rules:)`; pure data.
///
/// Identity follows UICollectionView: an item that was deleted or reloaded has no new
/// identity (it disappears), one that was inserted or reloaded has no old identity (it
/// appears); every other item, and every section not deleted or inserted, keeps its identity
/// at a possibly new position. Items are numbered globally (all sections' items in order).
public struct BatchPlan: Sendable {
    /// The changes, as given.
    public let changes: [BatchChange]
    public let oldSectionCounts: [Int]
    public let newSectionCounts: [Int]
    /// The first global item of each section, and the total, before and after.
    public let oldSectionStarts: [Int]
    public let newSectionStarts: [Int]
    /// Old section → new section, -1 when deleted.
    public let sectionOldToNew: [Int]
    /// New section → old section, -1 when inserted.
    public let sectionNewToOld: [Int]
    /// Where the items that keep their identity go: runs of old items that stay together,
    /// in order of their new positions. Every old item in no run was deleted or reloaded;
    /// every new item in no run was inserted or reloaded. O(changes + sections) runs.
    public let itemRuns: [ItemRun]
    /// Indices into `itemRuns`, in order of the runs' old positions.
    private let runsByOld: [Int]
    /// The value of each new item that does not come from an old one (inserted or reloaded), by new global index.
    public let newValues: [Int: Value]
    /// Old global item → new global item of each reloaded item.
    public let reloads: [Int: Int]
    /// Titles of inserted sections that have one (table rows), by new section.
    public let sectionTitles: [Int: String]

    public init(
        changes: [BatchChange], oldSectionCounts: [Int], newSectionCounts: [Int], sectionOldToNew: [Int],
        sectionNewToOld: [Int],
        itemRuns: [ItemRun], newValues: [Int: Value], reloads: [Int: Int], sectionTitles: [Int: String]
    ) {
        self.changes = changes
        self.oldSectionCounts = oldSectionCounts
        self.newSectionCounts = newSectionCounts
        oldSectionStarts = Self.starts(oldSectionCounts)
        newSectionStarts = Self.starts(newSectionCounts)
        self.sectionOldToNew = sectionOldToNew
        self.sectionNewToOld = sectionNewToOld
        self.itemRuns = itemRuns
        runsByOld = itemRuns.indices.sorted { itemRuns[$0].old < itemRuns[$1].old }
        self.newValues = newValues
        self.reloads = reloads
        self.sectionTitles = sectionTitles
    }

    private static func starts(_ counts: [Int]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(counts.count + 1)
        for count in counts { starts.append(starts.last! + count) }
        return starts
    }

    /// The number of items before and after the batch.
    public var oldItemCount: Int { oldSectionStarts.last! }
    public var newItemCount: Int { newSectionStarts.last! }

    /// The new global index of old global item `global`; nil if it was deleted or reloaded,
    /// or does not exist. O(log runs).
    public func newIndex(ofOld global: Int) -> Int? {
        itemRuns.run(holding: global, isOld: true, order: runsByOld).map { $0.new + (global - $0.old) }
    }

    /// The old global index of new global item `global`; nil if it was inserted or reloaded,
    /// or does not exist. O(log runs).
    public func oldIndex(ofNew global: Int) -> Int? {
        itemRuns.run(holding: global, isOld: false).map { $0.old + (global - $0.new) }
    }

    /// Old global item → new global item, -1 when deleted or reloaded. O(items): for tests;
    /// lookups go through `newIndex(ofOld:)`.
    public var itemOldToNew: [Int] {
        var map = [Int](repeating: -1, count: oldItemCount)
        for run in itemRuns { for offset in 0..<run.count { map[run.old + offset] = run.new + offset } }
        return map
    }

    /// New global item → old global item, -1 when inserted or reloaded. O(items), as `itemOldToNew`.
    public var itemNewToOld: [Int] {
        var map = [Int](repeating: -1, count: newItemCount)
        for run in itemRuns { for offset in 0..<run.count { map[run.new + offset] = run.old + offset } }
        return map
    }

    /// The new identity of the old item at `path`; nil if it was deleted or reloaded, or does not exist.
    public func newPath(ofOld path: ItemPath) -> ItemPath? {
        guard let global = Self.global(path, counts: oldSectionCounts, starts: oldSectionStarts),
            let target = newIndex(ofOld: global)
        else { return nil }
        return ItemPath(
            section: section(containing: target, starts: newSectionStarts), global: target, starts: newSectionStarts)
    }

    /// The old identity of the new item at `path`; nil if it was inserted or reloaded, or does not exist.
    public func oldPath(ofNew path: ItemPath) -> ItemPath? {
        guard let global = Self.global(path, counts: newSectionCounts, starts: newSectionStarts),
            let source = oldIndex(ofNew: global)
        else { return nil }
        return ItemPath(
            section: section(containing: source, starts: oldSectionStarts), global: source, starts: oldSectionStarts)
    }

    /// The new position of old section `section`; nil if deleted or out of range.
    public func newSection(ofOld section: Int) -> Int? {
        guard section >= 0, section < sectionOldToNew.count, sectionOldToNew[section] >= 0 else { return nil }
        return sectionOldToNew[section]
    }

    /// The old position of new section `section`; nil if inserted or out of range.
    public func oldSection(ofNew section: Int) -> Int? {
        guard section >= 0, section < sectionNewToOld.count, sectionNewToOld[section] >= 0 else { return nil }
        return sectionNewToOld[section]
    }

    /// The first new global item whose identity or value may differ from the old item at the
    /// same global position: everything before it is unchanged (a layout may keep it). O(runs).
    public var firstChangedItem: Int {
        var index = 0
        for run in itemRuns {
            guard run.new == index, run.old == index else { break }
            index += run.count
        }
        return min(index, oldItemCount, newItemCount)
    }

    private static func global(_ path: ItemPath, counts: [Int], starts: [Int]) -> Int? {
        guard path.section >= 0, path.section < counts.count, path.item >= 0, path.item < counts[path.section] else {
            return nil
        }
        return starts[path.section] + path.item
    }

    /// The last section whose start is at most `global` (and that is not empty), by binary search.
    private func section(containing global: Int, starts: [Int]) -> Int {
        var low = 0, high = starts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= global { low = middle } else { high = middle }
        }
        return low
    }
}

extension ItemPath {
    fileprivate init(section: Int, global: Int, starts: [Int]) {
        self.init(section: section, item: global - starts[section])
    }
}
