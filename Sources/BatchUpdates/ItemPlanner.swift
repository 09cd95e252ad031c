import LayoutKit

/// The item half of planning: where each old item goes and where each new one comes from.
struct ItemPlanner {
    /// What arrives at a new position: an old item (moved) or a value (inserted).
    enum Arrival {
        case old(Int)
        case value(Value)
    }

    let oldCounts: [Int]
    let oldStarts: [Int]
    let sectionOldToNew: [Int]
    let sectionNewToOld: [Int]
    /// Old items leaving (deleted or moved away), by old section: (item, change).
    var leaving: [Int: [(item: Int, change: Int)]] = [:]
    /// Reloaded old items, by old section: (item, new value, change).
    var reloaded: [Int: [(item: Int, value: Value, change: Int)]] = [:]
    /// Old positions already named by a change, by old global index.
    var usedOld: [Int: Int] = [:]
    /// Items arriving in surviving sections, by new section: (position, what, change).
    var arriving: [Int: [(item: Int, arrival: Arrival, change: Int)]] = [:]
    var usedNew: [ItemPath: Int] = [:]
    /// Inserted sections' items and titles, by new section.
    var insertedSections: [Int: (items: [Value], title: String?, change: Int)] = [:]

    // Results of `resolve`.
    var newCounts: [Int] = []
    /// Runs of old items that keep their order, by new position (see `BatchPlan.itemRuns`).
    var runs: [ItemRun] = []
    var newValues: [Int: Value] = [:]
    var reloads: [Int: Int] = [:]
    var titles: [Int: String] = [:]

    init(oldCounts: [Int], sectionOldToNew: [Int], sectionNewToOld: [Int]) {
        self.oldCounts = oldCounts
        var starts = [0]
        for count in oldCounts { starts.append(starts.last! + count) }
        oldStarts = starts
        self.sectionOldToNew = sectionOldToNew
        self.sectionNewToOld = sectionNewToOld
    }

    mutating func record(_ change: BatchChange, at index: Int) throws(BatchError) {
        switch change {
        case .delete(let path):
            try claimOld(path, at: index)
            leaving[path.section, default: []].append((path.item, index))
        case .reload(let path, let value):
            try claimOld(path, at: index)
            reloaded[path.section, default: []].append((path.item, value, index))
        case .move(let from, let to):
            let global = try claimOld(from, at: index)
            leaving[from.section, default: []].append((from.item, index))
            try claimNew(to, at: index)
            arriving[to.section, default: []].append((to.item, .old(global), index))
        case .insert(let path, let value):
            try claimNew(path, at: index)
            arriving[path.section, default: []].append((path.item, .value(value), index))
        case .insertSection(let section, let items, let title):
            insertedSections[section] = (items, title, index)
        case .deleteSection, .moveSection:
            break
        }
    }

    /// Checks an old position and marks it used; returns its global index.
    @discardableResult
    private mutating func claimOld(_ path: ItemPath, at index: Int) throws(BatchError) -> Int {
        guard path.section >= 0, path.section < oldCounts.count else {
            throw BatchError(
                index: index, "section \(path.section) does not exist (there are \(oldCounts.count) before the batch)")
        }
        guard sectionOldToNew[path.section] >= 0 else {
            throw BatchError(index: index, "section \(path.section) is deleted by this batch; its items go with it")
        }
        guard path.item >= 0, path.item < oldCounts[path.section] else {
            throw BatchError(
                index: index,
                "item \(path) does not exist (section \(path.section) has \(oldCounts[path.section]) items before the batch)"
            )
        }
        let global = oldStarts[path.section] + path.item
        if let earlier = usedOld[global] {
            throw BatchError(index: index, "item \(path) is already deleted, reloaded or moved by changes[\(earlier)]")
        }
        usedOld[global] = index
        return global
    }

    /// Checks that a new position lies in a surviving section and is not taken twice (its
    /// range is checked in `resolve`, once the sections' new sizes are known).
    private mutating func claimNew(_ path: ItemPath, at index: Int) throws(BatchError) {
        guard path.section >= 0, path.section < sectionNewToOld.count else {
            throw BatchError(
                index: index,
                "section \(path.section) does not exist (there are \(sectionNewToOld.count) after the batch)")
        }
        guard sectionNewToOld[path.section] >= 0 else {
            throw BatchError(
                index: index, "section \(path.section) is inserted by this batch; give its items in 'insertSection'")
        }
        guard path.item >= 0 else { throw BatchError(index: index, "item \(path.item) is negative") }
        if let earlier = usedNew[path] {
            throw BatchError(index: index, "item \(path) after the batch is already taken by changes[\(earlier)]")
        }
        usedNew[path] = index
    }

    /// Lays out every new section; fills the results. O(sections + changes · log changes).
    mutating func resolve(changes: [BatchChange], itemsPerSection: Int?) throws(BatchError) {
        newCounts = sectionNewToOld.enumerated().map { section, old in
            guard old >= 0 else { return insertedSections[section]!.items.count }
            return oldCounts[old] - (leaving.isEmpty ? 0 : leaving[old]?.count ?? 0)
                + (arriving.isEmpty ? 0 : arriving[section]?.count ?? 0)
        }
        try checkRanges()
        if let itemsPerSection { try checkRowLengths(itemsPerSection) }
        var start = 0
        for section in sectionNewToOld.indices {
            fill(section, start: start)
            start += newCounts[section]
        }
    }

    private func checkRanges() throws(BatchError) {
        var worst: BatchError?
        for (section, arrivals) in arriving {
            for arrival in arrivals where arrival.item >= newCounts[section] && arrival.change < (worst?.index ?? .max)
            {
                worst = BatchError(
                    index: arrival.change,
                    "item [\(section), \(arrival.item)] is out of range: section \(section) has \(newCounts[section]) items after the batch"
                )
            }
        }
        if let worst { throw worst }
    }

    /// Every section must end with `count` items (a table's rows, one value per column).
    private func checkRowLengths(_ count: Int) throws(BatchError) {
        for (section, items) in newCounts.enumerated() where items != count {
            let old = sectionNewToOld[section]
            var blamed = (arriving[section] ?? []).map(\.change) + (old >= 0 ? (leaving[old] ?? []).map(\.change) : [])
            if let inserted = insertedSections[section] { blamed.append(inserted.change) }
            throw BatchError(
                index: blamed.min() ?? 0,
                "row \(section) would have \(items) values for \(count) columns; a table's rows change whole")
        }
    }

    /// New section `section`, whose first item has new global index `start`: arrivals at
    /// their places, the staying old items in order around them, as runs between the changes.
    /// O(changes in the section · log of that).
    private mutating func fill(_ section: Int, start: Int) {
        let old = sectionNewToOld[section]
        if old < 0 {
            let inserted = insertedSections[section]!
            if let title = inserted.title { titles[section] = title }
            for (offset, value) in inserted.items.enumerated() { newValues[start + offset] = value }
            return
        }
        let oldStart = oldStarts[old], count = newCounts[section]
        // Most sections of a large batch are untouched: one run, no sorting (O(1) each).
        let arrived = arriving.isEmpty ? nil : arriving[section], left = leaving.isEmpty ? nil : leaving[old]
        let reloadedHere = reloaded.isEmpty ? nil : reloaded[old]
        guard arrived != nil || left != nil || reloadedHere != nil else {
            if count > 0 { appendRun(ItemRun(old: oldStart, new: start, count: count)) }
            return
        }
        let arrivals = (arrived ?? []).sorted { $0.item < $1.item }
        let leavingItems = (left ?? []).map(\.item).sorted()
        let reloadedItems = (reloadedHere ?? []).sorted { $0.item < $1.item }
        var nextArrival = 0, nextLeaving = 0, nextReload = 0
        var position = 0, oldItem = 0
        while position < count {
            if nextArrival < arrivals.count && arrivals[nextArrival].item == position {
                switch arrivals[nextArrival].arrival {
                case .old(let source): appendRun(ItemRun(old: source, new: start + position, count: 1))
                case .value(let value): newValues[start + position] = value
                }
                nextArrival += 1
                position += 1
                continue
            }
            while nextLeaving < leavingItems.count && leavingItems[nextLeaving] == oldItem {
                nextLeaving += 1
                oldItem += 1
            }
            if nextReload < reloadedItems.count && reloadedItems[nextReload].item == oldItem {
                newValues[start + position] = reloadedItems[nextReload].value
                reloads[oldStart + oldItem] = start + position
                nextReload += 1
                position += 1
                oldItem += 1
                continue
            }
            // Staying old items up to the next arrival, leaving item or reload.
            var length = count - position
            if nextArrival < arrivals.count { length = min(length, arrivals[nextArrival].item - position) }
            if nextLeaving < leavingItems.count { length = min(length, leavingItems[nextLeaving] - oldItem) }
            if nextReload < reloadedItems.count { length = min(length, reloadedItems[nextReload].item - oldItem) }
            appendRun(ItemRun(old: oldStart + oldItem, new: start + position, count: length))
            position += length
            oldItem += length
        }
    }

    /// Appends a run, joined to the last one when it continues it on both sides.
    private mutating func appendRun(_ run: ItemRun) {
        if let last = runs.last, last.old + last.count == run.old, last.new + last.count == run.new {
            runs[runs.count - 1].count += run.count
        } else {
            runs.append(run)
        }
    }
}
