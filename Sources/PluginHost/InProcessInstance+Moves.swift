package import CLayoutABI
import LayoutKit

/// ABI 2.2's optional functions for drag to reorder and transitions, in this process.
extension InProcessInstance {
    func targetForMovingItem(_ item: ItemPath, at position: Point) throws(PluginCallError) -> ItemPath? {
        let (status, target, error) = calls.targetForMovingItem(ItemPath.cellABI(item), at: position.abi)
        guard status >= 0 else {
            throw .failure(
                status: status, error: error, plugin: plugin.name, operation: "target_for_moving_item", cancel: cancel)
        }
        return status == 1 ? try ItemPath.movingTarget(target, plugin: plugin.name) : nil
    }

    func movingItemAttributes(for item: ItemPath, at position: Point) throws(PluginCallError) -> LayoutAttributes? {
        buffer.reset()
        let (status, error) = calls.movingItemAttributes(
            for: ItemPath.cellABI(item), at: position.abi, into: buffer.sink)
        guard status >= 0 else {
            throw .failure(
                status: status, error: error, plugin: plugin.name, operation: "moving_item_attributes", cancel: cancel)
        }
        return try single(
            status, for: ElementID(category: .cell, kind: nil, path: item), operation: "moving_item_attributes",
            data: nil)
    }

    func targetContentOffset(forProposed proposed: Point) throws(PluginCallError) -> Point {
        try Point(calls.targetContentOffset(forProposed: proposed.abi)).checkedOffset(plugin: plugin.name)
    }
}

extension ItemPath {
    /// The cell at `path`, as the ABI names it.
    package static func cellABI(_ path: ItemPath) -> wb_element {
        wb_element(category: Int32(WB_CATEGORY_CELL), kind: -1, section: Int64(path.section), item: Int64(path.item))
    }

    /// A plugin's `target_for_moving_item` answer: a cell with a non-negative index path.
    package static func movingTarget(_ element: wb_element, plugin: String) throws(PluginCallError) -> ItemPath {
        guard element.category == Int32(WB_CATEGORY_CELL), element.section >= 0, element.item >= 0,
            element.section < Int64(Int32.max), element.item < Int64(Int32.max)
        else {
            throw .badRecord(
                plugin: plugin, element: "the moving item's target", field: "target",
                problem: "category \(element.category), [\(element.section), \(element.item)] is not a cell index path")
        }
        return ItemPath(section: Int(element.section), item: Int(element.item))
    }
}

extension Point {
    /// A target content offset from a plugin, refused unless finite.
    package func checkedOffset(plugin: String) throws(PluginCallError) -> Point {
        guard x.isFinite, y.isFinite else {
            throw .badRecord(
                plugin: plugin, element: "the target content offset", field: x.isFinite ? "y" : "x",
                problem: "(\(x), \(y)) is not a finite point")
        }
        return self
    }
}
