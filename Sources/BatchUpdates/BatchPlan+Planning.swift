import LayoutKit

extension BatchPlan {
    /// Validates `changes` against data of `sectionCounts` items per section and works out
    /// where everything goes, as UICollectionView's `performBatchUpdates` does.
    ///
    /// Sections first: deleted and moved-away sections leave, the rest keep their order and
    /// fill the places that inserted and moved-in sections leave free. Then items, section by
    /// section: deleted and moved-away items leave, the rest (reloaded ones included) keep
    /// their order around the inserted and moved-in ones, as runs between the changes.
    /// O(sections + changes · log changes): no work per item.
    ///
    /// - Throws: `BatchError` naming the first change that is out of range, repeats a
    ///   position, touches a section the batch deletes or inserts, or breaks `rules`.
    public init(changes: [BatchChange], sectionCounts: [Int], rules: BatchRules = BatchRules()) throws(BatchError) {
        var sections = SectionPlanner(oldCount: sectionCounts.count)
        for (index, change) in changes.enumerated() {
            if !rules.allowsStructuralChanges && change.isStructural {
                throw BatchError(
                    index: index,
                    "this source takes only 'reload' changes (a tree's structure changes with 'change', not 'update')")
            }
            try sections.record(change, at: index)
        }
        let sectionNewToOld = try sections.resolve()
        var sectionOldToNew = [Int](repeating: -1, count: sectionCounts.count)
        for (new, old) in sectionNewToOld.enumerated() where old >= 0 { sectionOldToNew[old] = new }

        var items = ItemPlanner(
            oldCounts: sectionCounts, sectionOldToNew: sectionOldToNew, sectionNewToOld: sectionNewToOld)
        for (index, change) in changes.enumerated() { try items.record(change, at: index) }
        try items.resolve(changes: changes, itemsPerSection: rules.itemsPerSection)
        self.init(
            changes: changes, oldSectionCounts: sectionCounts, newSectionCounts: items.newCounts,
            sectionOldToNew: sectionOldToNew, sectionNewToOld: sectionNewToOld,
            itemRuns: items.runs, newValues: items.newValues,
            reloads: items.reloads, sectionTitles: items.titles)
    }
}

/// The section half of planning: which old section lands at each new position.
private struct SectionPlanner {
    let oldCount: Int
    /// Old sections leaving their place (deleted or moved), with the change that does it.
    var leaving: [Int: Int] = [:]
    var deleted = 0
    /// New positions taken by inserted (-1) or moved-in (old section) sections, and by which change.
    var arriving: [Int: (old: Int, change: Int)] = [:]

    init(oldCount: Int) { self.oldCount = oldCount }

    mutating func record(_ change: BatchChange, at index: Int) throws(BatchError) {
        switch change {
        case .deleteSection(let section):
            try leave(section, at: index)
            deleted += 1
        case .moveSection(let section, let target):
            try leave(section, at: index)
            try arrive(target, from: section, at: index)
        case .insertSection(let target, _, _):
            try arrive(target, from: -1, at: index)
        default: break
        }
    }

    private mutating func leave(_ section: Int, at index: Int) throws(BatchError) {
        guard section >= 0, section < oldCount else {
            throw BatchError(index: index, "section \(section) does not exist (there are \(oldCount) before the batch)")
        }
        if let earlier = leaving[section] {
            throw BatchError(index: index, "section \(section) is already deleted or moved by changes[\(earlier)]")
        }
        leaving[section] = index
    }

    private mutating func arrive(_ target: Int, from old: Int, at index: Int) throws(BatchError) {
        guard target >= 0 else { throw BatchError(index: index, "section \(target) is negative") }
        if let earlier = arriving[target] {
            throw BatchError(
                index: index, "section \(target) after the batch is already taken by changes[\(earlier.change)]")
        }
        arriving[target] = (old, index)
    }

    /// New section → old section (-1 for inserted ones).
    func resolve() throws(BatchError) -> [Int] {
        let inserted = arriving.values.count { $0.old < 0 }
        let newCount = oldCount - deleted + inserted
        if let (target, arrival) = arriving.filter({ $0.key >= newCount }).min(by: { $0.value.change < $1.value.change }
        ) {
            throw BatchError(
                index: arrival.change,
                "section \(target) is out of range: there are \(newCount) sections after the batch")
        }
        if leaving.isEmpty && arriving.isEmpty { return Array(0..<oldCount) }  // an item-only batch
        var result = [Int](repeating: -1, count: newCount)
        var staying = (0..<oldCount).lazy.filter { leaving[$0] == nil }.makeIterator()
        for position in 0..<newCount {
            if let arrival = arriving[position] {
                result[position] = arrival.old
            } else {
                result[position] = staying.next()!
            }
        }
        return result
    }
}
