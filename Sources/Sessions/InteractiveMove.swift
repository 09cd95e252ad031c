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

    /// The move of `from` to `target` as a batch over data of `sectionCounts`.
    static func plan(from: ItemPath, to target: ItemPath, sectionCounts: [Int], rules: BatchRules) throws(BatchError) -> BatchPlan {
        try BatchPlan(changes: [.move(from, to: target)], sectionCounts: sectionCounts, rules: rules)
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
    case failed(WorkbenchError)
}

extension ViewSession {
    /// The cells in the bounds as the move of `plan` shows them: each slot holding the item
    /// that lands there, keyed by that item's index path before the move; the moving item
    /// (whose slot is the gap) left out. Also the highest zIndex in the bounds. O(log n + k).
    func movePreview(_ plan: BatchPlan, from: ItemPath) throws(WorkbenchError) -> (shown: [ItemPath: LayoutAttributes], topZIndex: Int) {
        try withElementRecords(in: bounds) { records in
            var shown: [ItemPath: LayoutAttributes] = [:]
            var top = Int.min
            for index in 0..<records.count {
                let record = records[index]
                top = max(top, record.zIndex)
                guard record.category == .cell,
                      let old = plan.oldPath(ofNew: ItemPath(section: record.section, item: record.item)), old != from else { continue }
                shown[old] = records.attributes(at: index)
            }
            return (shown, top)
        }
    }

    /// Where the item of old path `old` sits in `plan`'s preview: its slot's attributes, or
    /// nil when it has no slot in the current layout (the new last item of a section a move
    /// lengthens).
    func slot(of old: ItemPath, in plan: BatchPlan) throws(WorkbenchError) -> LayoutAttributes? {
        guard let path = plan.newPath(ofOld: old) else { return nil }
        return try attributes(for: ElementID(category: .cell, kind: nil, path: path))
    }

    /// The difference between two previews, in `update`'s shape: cells that changed place
    /// move (from their old slot when they come into the bounds, to their new one when they
    /// leave); a cell without a slot on one side appears or disappears.
    func moveDifference(from previous: [ItemPath: LayoutAttributes], previousPlan: BatchPlan,
                        to current: [ItemPath: LayoutAttributes], plan: BatchPlan) throws(WorkbenchError) -> UpdateResult {
        var result = UpdateResult(contentSize: try contentSize(), appearing: [], disappearing: [], moving: [])
        for (old, after) in current {
            var before = previous[old]
            if before == nil { before = try slot(of: old, in: previousPlan) }
            if let before {
                if before != after { result.moving.append((before, after)) }
            } else {
                result.appearing.append((after, after))
            }
        }
        for (old, before) in previous where current[old] == nil {
            if let after = try slot(of: old, in: plan) {
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
