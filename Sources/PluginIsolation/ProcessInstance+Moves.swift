internal import CLayoutABI
import LayoutKit
import PluginHost

/// ABI 2.2's optional functions for drag to reorder and transitions, in the plugin's child
/// (which answers 0, the default, for a function the plugin lacks: this process cannot know).
extension ProcessInstance {
    func targetForMovingItem(_ item: ItemPath, at position: Point) throws(PluginCallError) -> ItemPath? {
        let request = PluginRequest.targetForMovingItem(ItemPath.cellABI(item), position: position.abi)
        let reply: MoveTargetReply = try call(request)
        guard reply.status >= 0 else { throw failure(request, reply.status, reply.error) }
        return reply.status == 1 ? try ItemPath.movingTarget(reply.target, plugin: plugin.name) : nil
    }

    func movingItemAttributes(for item: ItemPath, at position: Point) throws(PluginCallError) -> LayoutAttributes? {
        try single(
            .movingItemAttributes(ItemPath.cellABI(item), position: position.abi),
            element: ElementID(category: .cell, kind: nil, path: item), data: nil)
    }

    func targetContentOffset(forProposed proposed: Point) throws(PluginCallError) -> Point {
        let point: wb_point = try call(.targetContentOffsetForProposed(proposed.abi))
        return try Point(point).checkedOffset(plugin: plugin.name)
    }
}
