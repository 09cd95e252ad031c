import LayoutKit
import PluginHost

extension ViewSession {
    /// The cells in the bounds as `layout` lays them out with the move of `mapping`, each
    /// keyed by its index path before the move; the moving item left out. Also the highest
    /// zIndex in the bounds. O(log n + k).
    func movePreview(_ mapping: MoveMapping, in layout: DirectedInstance) throws(ViewSessionError) -> (
        shown: [ItemPath: LayoutAttributes], topZIndex: Int
    ) {
        let bounds = bounds
        return try call { () throws(PluginCallError) in
            try layout.withElements(in: bounds) { records in
                var shown: [ItemPath: LayoutAttributes] = [:]
                var top = Int.min
                for index in 0..<records.count {
                    let record = records[index]
                    top = max(top, record.zIndex)
                    guard record.category == .cell else { continue }
                    let old = mapping.oldPath(ofNew: ItemPath(section: record.section, item: record.item))
                    guard old != mapping.from else { continue }
                    shown[old] = records.attributes(at: index)
                }
                return (shown, top)
            }
        }
    }

    /// The attributes `layout` (laid out with the move of `mapping`) gives the item of old
    /// path `old`; nil when it has none.
    func slot(of old: ItemPath, in mapping: MoveMapping, of layout: DirectedInstance) throws(ViewSessionError)
        -> LayoutAttributes?
    {
        let element = ElementID(category: .cell, kind: nil, path: mapping.newPath(ofOld: old))
        return try call { () throws(PluginCallError) in try layout.attributes(for: element) }
    }

    /// The difference between two steps, in `update`'s shape: cells that changed place move
    /// (an entering cell from where the previous step's layout had it, a leaving one to where
    /// the current layout has it); a cell without a place on one side appears or disappears.
    func moveDifference(
        from previous: [ItemPath: LayoutAttributes], previousMapping: MoveMapping, of previousLayout: DirectedInstance,
        to current: [ItemPath: LayoutAttributes], mapping: MoveMapping, of layout: DirectedInstance
    ) throws(ViewSessionError) -> UpdateResult {
        let contentSize = try call { () throws(PluginCallError) in try layout.contentSize() }
        var result = UpdateResult(contentSize: contentSize, appearing: [], disappearing: [], moving: [])
        for (old, after) in current {
            var before = previous[old]
            if before == nil { before = try slot(of: old, in: previousMapping, of: previousLayout) }
            if let before {
                if before != after { result.moving.append((before, after)) }
            } else {
                result.appearing.append((after, after))
            }
        }
        for (old, before) in previous where current[old] == nil {
            if let after = try slot(of: old, in: mapping, of: layout) {
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
