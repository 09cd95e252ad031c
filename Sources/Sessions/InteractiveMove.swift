import BatchUpdates
import LayoutKit

/// A drag to reorder in progress on one view (UICollectionView's interactive movement):
/// which item, where it would land, and what the last step showed.
///
/// Each step shows the layout `update {move}` to its target would give: the view's own layout
/// while the move changes no data, else a second instance prepared with the item moved
/// (`MovePreview`), laid out again only when the target changes.
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
    /// The instances laid out with the item moved: at most the current target's and the one
    /// before it (see `ViewSession.moveLayout`).
    var previews: [MovePreview] = []
    /// Per target asked about, whether moving the item there leaves the data as it is (an
    /// O(distance) look, taken once per target rather than on every step).
    var leavesDataUnchanged: [ItemPath: Bool] = [:]
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
