internal import CLayoutABI
import LayoutKit
import PluginHost

/// ABI 2.2's optional functions for drag to reorder and transitions, in the plugin's child
/// (which answers 0, the default, for a function the plugin lacks: this process cannot know).
extension ProcessInstance {
    func targetForMovingItem(_ item: ItemPath, at position: Point) throws(PluginCallError) -> ItemPath? {
        return try withRemoteCall(operation: "target_for_moving_item") {
            child, id throws(PluginCallError) -> ItemPath? in
            var message = MessageWriter(.targetForMovingItem, instance: id)
            message.append(ItemPath.cellABI(item))
            message.append(position.x, position.y)
            var reply = reader(try process.call(child, message, operation: "target_for_moving_item", cancel: cancel))
            let (status, target) = try fields("target_for_moving_item") { () throws(ChannelError) in
                (try reply.read(Int32.self), try reply.readElement())
            }
            guard status >= 0 else {
                let error = try Self.error(&reply, plugin: plugin.name, operation: "target_for_moving_item")
                throw .failure(
                    status: status, error: error, plugin: plugin.name, operation: "target_for_moving_item",
                    cancel: cancel)
            }
            return status == 1 ? try ItemPath.movingTarget(target, plugin: plugin.name) : nil
        }
    }

    func movingItemAttributes(for item: ItemPath, at position: Point) throws(PluginCallError) -> LayoutAttributes? {
        return try single(
            .movingItemAttributes, element: ElementID(category: .cell, kind: nil, path: item),
            operation: "moving_item_attributes",
            data: nil
        ) { message in
            message.append(ItemPath.cellABI(item))
            message.append(position.x, position.y)
        }
    }

    func targetContentOffset(forProposed proposed: Point) throws(PluginCallError) -> Point {
        let point = try simple(
            .targetContentOffsetForProposed, operation: "target_content_offset_for_proposed",
            { $0.append(proposed.x, proposed.y) }
        ) {
            reply throws(ChannelError) in Point(x: try reply.readDouble(), y: try reply.readDouble())
        }
        return try point.checkedOffset(plugin: plugin.name)
    }
}
