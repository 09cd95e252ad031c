internal import CLayoutABI

/// The operations of the private protocol between the workbench and a plugin process.
///
/// One message per SEQPACKET datagram: an operation byte, then fixed little-endian fields.
/// Data, options and results that may be large cross in shared memory, not in messages.
enum Operation: UInt8 {
    /// Parent → child, first: the control memory (fd). Child → parent: `loaded` or `refused`.
    case hello = 1
    case create, destroy, prepare, contentSize, elementCount, elementsInRect
    case attributesForElement, transitionAttributes, shouldInvalidate, invalidationForBoundsChange
    case invalidate, targetContentOffset
    /// A batch update (`BatchImage`, its memfd with the message) for `prepare_for_updates`.
    case prepareForUpdates
    /// ABI 2.1: preferred sizes (a count, then element and size each); the reply holds an
    /// answer per size, up to the first failure (then the plugin's error).
    case preferredAttributes
    /// ABI 2.1: what the last prepare moved (a limit); the reply is `elementsInRect`'s, with
    /// the total count (-1: unknown) after it.
    case changedElements
    /// ABI 2.2, each optional: the reply says 0 (default) when the plugin lacks the function.
    case targetForMovingItem, movingItemAttributes, targetContentOffsetForProposed
    /// ABI 2.3, optional: the reply is the overflow flags (0 when the plugin lacks the function).
    /// (`instance_kinds` and `element_budget` travel in `create`'s reply: `InstanceFactsMessage`.)
    case contentOverflow

    /// The ABI function the operation calls, as errors name it.
    var functionName: String {
        switch self {
        case .hello: "loading"
        case .create: "create"
        case .destroy: "destroy"
        case .prepare: "prepare"
        case .contentSize: "content_size"
        case .elementCount: "element_count"
        case .elementsInRect: "elements_in_rect"
        case .attributesForElement: "attributes_for_element"
        case .transitionAttributes: "transition_attributes"
        case .shouldInvalidate: "should_invalidate_for_bounds_change"
        case .invalidationForBoundsChange: "invalidation_for_bounds_change"
        case .invalidate: "invalidate"
        case .targetContentOffset: "target_content_offset"
        case .prepareForUpdates: "prepare_for_updates"
        case .preferredAttributes: "preferred_attributes"
        case .changedElements: "changed_elements"
        case .targetForMovingItem: "target_for_moving_item"
        case .movingItemAttributes: "moving_item_attributes"
        case .targetContentOffsetForProposed: "target_content_offset_for_proposed"
        case .contentOverflow: "content_overflow"
        }
    }
}

/// The largest message either side sends or accepts.
let maximumMessageSize = 1 << 16

/// Appends little-endian fields to a message.
struct MessageWriter {
    private(set) var bytes: [UInt8] = []

    init(_ operation: Operation, instance: UInt32 = 0) {
        bytes.reserveCapacity(64)
        bytes.append(operation.rawValue)
        append(instance)
    }

    /// A reply (no operation, no instance).
    init() {}

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ value: Double) { append(value.bitPattern) }

    mutating func append(_ values: Double...) { for value in values { append(value) } }

    mutating func append(bytes more: [UInt8]) {
        append(UInt32(more.count))
        bytes.append(contentsOf: more)
    }

    mutating func append(_ string: String) { append(bytes: Array(string.utf8)) }

    mutating func append(_ rect: wb_rect) { append(rect.x, rect.y, rect.width, rect.height) }

    mutating func append(_ element: wb_element) {
        append(element.category)
        append(element.kind)
        append(element.section)
        append(element.item)
    }

    /// A plugin's `wb_error`, whole.
    mutating func append(_ error: wb_error) { withUnsafeBytes(of: error) { append(bytes: Array($0)) } }
}

/// Reads little-endian fields from a received message; every read is bounds-checked.
struct MessageParser {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func read<T: FixedWidthInteger>(_ type: T.Type = T.self) throws(ChannelError) -> T {
        let size = MemoryLayout<T>.size
        guard bytes.count - offset >= size else { throw .protocolViolation("a message too short for its fields") }
        var value = T.zero
        withUnsafeMutableBytes(of: &value) { target in
            bytes.withUnsafeBytes {
                target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + size]))
            }
        }
        offset += size
        return T(littleEndian: value)
    }

    mutating func readDouble() throws(ChannelError) -> Double { Double(bitPattern: try read(UInt64.self)) }

    mutating func readBytes() throws(ChannelError) -> [UInt8] {
        let count = Int(try read(UInt32.self))
        guard bytes.count - offset >= count else { throw .protocolViolation("a field longer than its message") }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func readString() throws(ChannelError) -> String { String(decoding: try readBytes(), as: UTF8.self) }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset == bytes.count }

    mutating func readRect() throws(ChannelError) -> wb_rect {
        wb_rect(x: try readDouble(), y: try readDouble(), width: try readDouble(), height: try readDouble())
    }

    mutating func readSize() throws(ChannelError) -> wb_size {
        wb_size(width: try readDouble(), height: try readDouble())
    }

    mutating func readPoint() throws(ChannelError) -> wb_point { wb_point(x: try readDouble(), y: try readDouble()) }

    mutating func readElement() throws(ChannelError) -> wb_element {
        wb_element(
            category: try read(Int32.self), kind: try read(Int32.self), section: try read(Int64.self),
            item: try read(Int64.self))
    }

    /// A plugin's `wb_error`, whole.
    mutating func readError() throws(ChannelError) -> wb_error {
        let bytes = try readBytes()
        guard bytes.count == MemoryLayout<wb_error>.size else { throw .protocolViolation("a malformed plugin error") }
        var error = wb_error()
        withUnsafeMutableBytes(of: &error) { $0.copyBytes(from: bytes) }
        return error
    }
}
