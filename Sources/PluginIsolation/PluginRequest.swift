internal import CLayoutABI

/// A request from the workbench to a plugin process: written by the parent (`encoded`) and read
/// by the child (`decoded`) here, side by side, so a message's layout is stated once. Each
/// case's reply is the type named beside it, which likewise writes and reads itself
/// (`PluginReply.swift`). Data, batches and records cross in shared memory, their descriptors
/// beside the message.
enum PluginRequest {
    /// The control page's descriptor beside it. Reply: `HelloReply`.
    case hello
    /// Reply: `CreateReply`.
    case create(options: [UInt8])
    /// No reply.
    case destroy
    /// The data image's descriptor beside it (`dataKey` numbers the image). Reply: `StatusReply`.
    case prepare(bounds: wb_rect, dataKey: UInt64, direction: Int32)
    /// The batch image's descriptor beside it. Reply: `StatusReply`.
    case prepareForUpdates
    /// Reply: `PreferredReply`.
    case preferredAttributes([(element: wb_element, size: wb_size)])
    /// Reply: `wb_size`.
    case contentSize
    /// Reply: `Int64`.
    case elementCount
    /// Reply: `UInt32` (the overflow flags).
    case contentOverflow
    /// Reply, for these five: `RecordsReply`. `elementsInRect` names the result area (0 or 1)
    /// its records go to, so the parent can read one band while the child writes the next;
    /// the others use area 0.
    case elementsInRect(wb_rect, area: UInt8)
    case attributesForElement(wb_element)
    case transitionAttributes(wb_element, isAppearing: Bool, bounds: wb_rect)
    case movingItemAttributes(wb_element, position: wb_point)
    case changedElements(limit: Int64)
    /// Reply: `Int32` (non-zero: invalidate).
    case shouldInvalidate(wb_rect)
    /// Reply: `UInt32` (the invalidation's flags).
    case invalidationForBoundsChange(wb_rect)
    /// Reply: `Acknowledgement`.
    case invalidate(UInt32)
    /// Reply: `MoveTargetReply`.
    case targetForMovingItem(wb_element, position: wb_point)
    /// Reply, for these two: `wb_point`.
    case targetContentOffsetForProposed(wb_point)
    case targetContentOffset(proposed: wb_point, velocity: wb_point)

    /// The message for the layout `instance` (0 before one exists): operation, instance, fields.
    func encoded(instance: UInt32 = 0) -> MessageWriter {
        var message = MessageWriter(operation, instance: instance)
        switch self {
        case .hello, .destroy, .prepareForUpdates, .contentSize, .elementCount, .contentOverflow: break
        case .create(let options): message.append(bytes: options)
        case .prepare(let bounds, let dataKey, let direction):
            message.append(bounds)
            message.append(dataKey)
            message.append(direction)
        case .preferredAttributes(let sizes):
            message.append(UInt32(sizes.count))
            for (element, size) in sizes {
                message.append(element)
                message.append(size.width, size.height)
            }
        case .elementsInRect(let rect, let area):
            message.append(rect)
            message.append(area)
        case .shouldInvalidate(let rect), .invalidationForBoundsChange(let rect): message.append(rect)
        case .attributesForElement(let element): message.append(element)
        case .transitionAttributes(let element, let isAppearing, let bounds):
            message.append(element)
            message.append(Int32(isAppearing ? 1 : 0))
            message.append(bounds)
        case .movingItemAttributes(let item, let position), .targetForMovingItem(let item, let position):
            message.append(item)
            message.append(position.x, position.y)
        case .changedElements(let limit): message.append(limit)
        case .invalidate(let flags): message.append(flags)
        case .targetContentOffsetForProposed(let proposed): message.append(proposed.x, proposed.y)
        case .targetContentOffset(let proposed, let velocity):
            message.append(proposed.x, proposed.y, velocity.x, velocity.y)
        }
        return message
    }

    /// Reads a message `encoded` wrote: the layout it is for, and the request.
    static func decoded(_ bytes: [UInt8]) throws(ChannelError) -> (instance: UInt32, request: PluginRequest) {
        var message = MessageParser(bytes)
        let code = try message.read(UInt8.self)
        guard let operation = Operation(rawValue: code) else { throw .protocolViolation("unknown operation \(code)") }
        let instance = try message.read(UInt32.self)
        let request: PluginRequest
        switch operation {
        case .hello: request = .hello
        case .create: request = .create(options: try message.readBytes())
        case .destroy: request = .destroy
        case .prepare:
            request = .prepare(
                bounds: try message.readRect(), dataKey: try message.read(UInt64.self),
                direction: try message.read(Int32.self))
        case .prepareForUpdates: request = .prepareForUpdates
        case .preferredAttributes:
            let count = try message.read(UInt32.self)
            guard Int(count) * 40 <= bytes.count else { throw .protocolViolation("\(count) preferred sizes") }
            var sizes: [(element: wb_element, size: wb_size)] = []
            for _ in 0..<count {
                sizes.append((try message.readElement(), try message.readSize()))
            }
            request = .preferredAttributes(sizes)
        case .contentSize: request = .contentSize
        case .elementCount: request = .elementCount
        case .contentOverflow: request = .contentOverflow
        case .elementsInRect: request = .elementsInRect(try message.readRect(), area: try message.read(UInt8.self))
        case .attributesForElement: request = .attributesForElement(try message.readElement())
        case .transitionAttributes:
            request = .transitionAttributes(
                try message.readElement(), isAppearing: try message.read(Int32.self) != 0,
                bounds: try message.readRect())
        case .movingItemAttributes:
            request = .movingItemAttributes(try message.readElement(), position: try message.readPoint())
        case .changedElements: request = .changedElements(limit: try message.read(Int64.self))
        case .shouldInvalidate: request = .shouldInvalidate(try message.readRect())
        case .invalidationForBoundsChange: request = .invalidationForBoundsChange(try message.readRect())
        case .invalidate: request = .invalidate(try message.read(UInt32.self))
        case .targetForMovingItem:
            request = .targetForMovingItem(try message.readElement(), position: try message.readPoint())
        case .targetContentOffsetForProposed: request = .targetContentOffsetForProposed(try message.readPoint())
        case .targetContentOffset:
            request = .targetContentOffset(proposed: try message.readPoint(), velocity: try message.readPoint())
        }
        return (instance, request)
    }

    /// The operation byte that opens the message.
    var operation: Operation {
        switch self {
        case .hello: .hello
        case .create: .create
        case .destroy: .destroy
        case .prepare: .prepare
        case .prepareForUpdates: .prepareForUpdates
        case .preferredAttributes: .preferredAttributes
        case .contentSize: .contentSize
        case .elementCount: .elementCount
        case .contentOverflow: .contentOverflow
        case .elementsInRect: .elementsInRect
        case .attributesForElement: .attributesForElement
        case .transitionAttributes: .transitionAttributes
        case .movingItemAttributes: .movingItemAttributes
        case .changedElements: .changedElements
        case .shouldInvalidate: .shouldInvalidate
        case .invalidationForBoundsChange: .invalidationForBoundsChange
        case .invalidate: .invalidate
        case .targetForMovingItem: .targetForMovingItem
        case .targetContentOffsetForProposed: .targetContentOffsetForProposed
        case .targetContentOffset: .targetContentOffset
        }
    }
}
