import BatchUpdates
import LayoutKit

/// A drag to reorder in progress on one view (UICollectionView's interactive movement):
/// which item, where it would land, and what the last step showed.
///
/// The preview between steps puts every item in the slot it would take — the frame the
/// current layout gives its index path after the move — without preparing the layout again:
/// exact for layouts whose frames follow index paths, an approximation for those whose
/// frames follow the items' values (sizes), which `endMove` makes exact by applying the move.
struct InteractiveMove {
    /// The item's index path before the move.
    let from: ItemPath
    /// The data version the move began on: another batch or an edit in between ends it.
    let dataVersion: Int
    /// The item's size as laid out before the move.
    let size: Size
    /// Where the item would land (`update`'s `move` `to`).
    var target: ItemPath
    /// The cells the last step showed in the bounds, by their index paths before the move
    /// (the moving item left out), with the attributes they had then.
    var shown: [ItemPath: LayoutAttributes]
}

/// Where every cell goes when one moves from `from` to `target` (`update`'s `move`), without
/// a `BatchPlan` (whose making costs O(sections)): each lookup is O(1), so a drag step costs
/// the same in a view of a million cells in a hundred thousand sections as in a small one.
struct MoveMapping {
    let from: ItemPath
    let target: ItemPath

    /// Checks the move as `BatchPlan` would check `{move: from, to: target}` over `data`:
    /// both index paths in range (an item entering another section may go at its end), a
    /// source that takes moves (not a tree), a table's rows keeping their length.
    init(from: ItemPath, to target: ItemPath, data: DataSource) throws(RequestFailure) {
        let rules = data.batchRules
        guard rules.allowsStructuralChanges else {
            throw .invalid("the view's data cannot take this move: a tree takes only reloads")
        }
        let sections = data.numberOfSections
        guard from.section >= 0, from.section < sections, from.item >= 0,
            from.item < data.numberOfItems(inSection: from.section)
        else {
            throw .invalid("the view's data cannot take this move: there is no item at [\(from.section), \(from.item)]")
        }
        let isAcross = target.section != from.section
        guard target.section >= 0, target.section < sections, target.item >= 0,
            target.item < data.numberOfItems(inSection: target.section) + (isAcross ? 1 : 0)
        else {
            throw .invalid("the view's data cannot take this move: [\(target.section), \(target.item)] is out of range")
        }
        if isAcross, let columns = rules.itemsPerSection {
            throw .invalid("the view's data cannot take this move: a table's rows keep their \(columns) items")
        }
        self.from = from
        self.target = target
    }

    /// The index path after the move of the cell at `old` before it.
    func newPath(ofOld old: ItemPath) -> ItemPath {
        if old == from { return target }
        var path = old
        if old.section == from.section, old.item > from.item { path.item -= 1 }
        if path.section == target.section, path.item >= target.item { path.item += 1 }
        return path
    }

    /// The index path before the move of the cell at `new` after it.
    func oldPath(ofNew new: ItemPath) -> ItemPath {
        if new == target { return from }
        var path = new
        if new.section == target.section, new.item > target.item { path.item -= 1 }
        if path.section == from.section, path.item >= from.item { path.item += 1 }
        return path
    }
}

/// What one step of a move answers: the target, the dragged item, and how the cells in the
/// bounds changed since the previous step (`update`'s lists).
public struct MoveStep: Sendable {
    public var target: ItemPath
    public var item: LayoutAttributes
    public var changes: UpdateResult
}

/// Why a move or transition request was not answered.
public enum RequestFailure: Error, Sendable {
    /// The request does not fit the view's state (no move, one already, no such item, a
    /// batch the data's rules refuse, an unknown layout, refused options): `-32602` with this text.
    case invalid(String)
    case failed(ViewSessionError)
}

extension ViewSession {
    /// The cells in the bounds as the move of `mapping` shows them: each slot holding the item
    /// that lands there, keyed by that item's index path before the move; the moving item
    /// (whose slot is the gap) left out. Also the highest zIndex in the bounds. O(log n + k).
    func movePreview(_ mapping: MoveMapping, from: ItemPath) throws(ViewSessionError) -> (
        shown: [ItemPath: LayoutAttributes], topZIndex: Int
    ) {
        try withElementRecords(in: bounds) { records in
            var shown: [ItemPath: LayoutAttributes] = [:]
            var top = Int.min
            for index in 0..<records.count {
                let record = records[index]
                top = max(top, record.zIndex)
                guard record.category == .cell else { continue }
                let old = mapping.oldPath(ofNew: ItemPath(section: record.section, item: record.item))
                guard old != from else { continue }
                shown[old] = records.attributes(at: index)
            }
            return (shown, top)
        }
    }

    /// Where the item of old path `old` sits in `mapping`'s preview: its slot's attributes, or
    /// nil when it has no slot in the current layout (the new last item of a section a move
    /// lengthens).
    func slot(of old: ItemPath, in mapping: MoveMapping) throws(ViewSessionError) -> LayoutAttributes? {
        try attributes(for: ElementID(category: .cell, kind: nil, path: mapping.newPath(ofOld: old)))
    }

    /// The difference between two previews, in `update`'s shape: cells that changed place
    /// move (from their old slot when they come into the bounds, to their new one when they
    /// leave); a cell without a slot on one side appears or disappears.
    func moveDifference(
        from previous: [ItemPath: LayoutAttributes], previousMapping: MoveMapping,
        to current: [ItemPath: LayoutAttributes], mapping: MoveMapping
    ) throws(ViewSessionError) -> UpdateResult {
        var result = UpdateResult(contentSize: try contentSize(), appearing: [], disappearing: [], moving: [])
        for (old, after) in current {
            var before = previous[old]
            if before == nil { before = try slot(of: old, in: previousMapping) }
            if let before {
                if before != after { result.moving.append((before, after)) }
            } else {
                result.appearing.append((after, after))
            }
        }
        for (old, before) in previous where current[old] == nil {
            if let after = try slot(of: old, in: mapping) {
                if before != after { result.moving.append((before, after)) }
            } else {
                result.disappearing.append((before, before))
            }
        }
        result.appearing.sort { $0.after.element < $1.after.element }
        result.disappearing.sort { $0.before.element < $1.before.element }
        result.moving.sort { $0.after.element < $1.after.element }
        return result
    }
}
