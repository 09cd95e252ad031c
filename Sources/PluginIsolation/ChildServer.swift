internal import CLayoutABI
internal import CSystemShims
import LayoutKit
import Platform
import PluginHost

/// The child's request loop: each message names an operation and a layout instance; the
/// answer goes back as one message (records through the `ResultArea`).
final class ChildServer {
    /// One layout made by the plugin, with the data it was last prepared with.
    private final class Instance {
        let handle: OpaquePointer
        var data: SharedMemory?
        /// Which data image `data` is (the parent numbers them), so that preparing again with
        /// the same data keeps the mapping and its pages.
        var dataKey: UInt64 = 0
        let source = UnsafeMutablePointer<wb_data_source>.allocate(capacity: 1)

        init(handle: OpaquePointer) {
            self.handle = handle
            source.initialize(to: wb_data_source())
        }

        deinit { source.deallocate() }
    }

    private let plugin: LoadedPlugin
    private let functions: wb_layout_functions
    private let channel: Channel
    private let cancelWord: UnsafePointer<Int32>
    /// Where progress fractions go, as bits, for the parent to read.
    private let progressWord: UnsafeMutableRawPointer
    private let results: ResultArea
    private var instances: [UInt32: Instance] = [:]
    private var nextInstance: UInt32 = 1
    /// How the loop waits for the next request: briefly spinning while requests come quickly.
    private var spin = AdaptiveSpin()

    /// - Parameter control: the page shared with the parent: the cancel word at 0, progress at 8.
    init(plugin: LoadedPlugin, channel: Channel, control: UnsafeMutableRawPointer) throws(ChannelError) {
        self.plugin = plugin
        functions = plugin.functions
        self.channel = channel
        cancelWord = UnsafePointer(control.assumingMemoryBound(to: Int32.self))
        progressWord = control + 8
        results = try ResultArea()
    }

    /// Answers requests until the channel closes.
    func serve() throws(ChannelError) {
        while true {
            let (bytes, descriptor) = try spin.wait(poll: channel.receiveIfReady, block: channel.receive)
            var reader = MessageParser(bytes)
            guard let operation = Operation(rawValue: try reader.read(UInt8.self)) else {
                throw .protocolViolation("unknown operation \(bytes[0])")
            }
            let id = try reader.read(UInt32.self)
            if operation == .create {
                try channel.send(create(options: try reader.readBytes()).bytes)
                continue
            }
            guard let instance = instances[id] else { throw .protocolViolation("no instance \(id)") }
            var reply = MessageWriter()
            switch operation {
            case .hello, .create:
                throw .protocolViolation("a second hello")
            case .destroy:
                functions.destroy(instance.handle)
                instances[id] = nil
                continue
            case .prepare:
                let bounds = try reader.readRect()
                let key = try reader.read(UInt64.self)
                let direction = try reader.read(Int32.self)
                guard descriptor >= 0 else { throw .protocolViolation("prepare without data") }
                if key == instance.dataKey, instance.data != nil {
                    close(descriptor)
                } else {
                    instance.data = try SharedMemory(receiving: descriptor, writable: false, populate: true)
                    guard let source = instance.data.flatMap(DataImage.source) else {
                        throw .protocolViolation("a malformed data image")
                    }
                    instance.source.pointee = source
                    instance.dataKey = key
                }
                var error = wb_error()
                var context = wb_prepare_context(
                    cancel: cancelWord,
                    progress: { word, fraction in
                        guard let word, fraction.isFinite else { return }
                        wb_atomic_store_u64(
                            word.assumingMemoryBound(to: UInt64.self), min(1, max(0, fraction)).bitPattern)
                    }, host_context: progressWord, direction: direction, reserved: 0)
                reply.append(functions.prepare(instance.handle, instance.source, bounds, &context, &error))
                withUnsafeBytes(of: error) { reply.append(bytes: Array($0)) }
            case .prepareForUpdates:
                guard descriptor >= 0 else { throw .protocolViolation("prepare_for_updates without a batch") }
                try prepareForUpdates(
                    instance, batch: try SharedMemory(receiving: descriptor, writable: false), reply: &reply)
            case .preferredAttributes:
                try preferredAttributes(instance, &reader, reply: &reply)
            case .contentSize:
                let size = functions.content_size(instance.handle)
                reply.append(size.width, size.height)
            case .elementCount:
                reply.append(functions.element_count(instance.handle))
            case .elementsInRect:
                let rect = try reader.readRect()
                results.reset()
                var error = wb_error()
                try sendRecords(
                    status: functions.elements_in_rect(instance.handle, rect, results.sink, &error), error: error)
                continue
            case .attributesForElement:
                let element = try reader.readElement()
                results.reset()
                var error = wb_error()
                try sendRecords(
                    status: functions.attributes_for_element(instance.handle, element, results.sink, &error),
                    error: error)
                continue
            case .changedElements:
                let limit = try reader.read(Int64.self)
                results.reset()
                try sendRecords(
                    status: Int32(WB_OK),
                    total: functions.changed_elements.map { $0(instance.handle, limit, results.sink) } ?? -1)
                continue
            case .transitionAttributes:
                let element = try reader.readElement()
                let appearing = try reader.read(Int32.self)
                let bounds = try reader.readRect()
                results.reset()
                try sendRecords(
                    status: functions.transition_attributes(instance.handle, element, appearing, bounds, results.sink))
                continue
            case .contentOverflow:
                reply.append(functions.content_overflow?(instance.handle) ?? 0)
            case .shouldInvalidate:
                reply.append(functions.should_invalidate_for_bounds_change(instance.handle, try reader.readRect()))
            case .invalidationForBoundsChange:
                reply.append(functions.invalidation_for_bounds_change(instance.handle, try reader.readRect()))
            case .invalidate:
                functions.invalidate(instance.handle, try reader.read(UInt32.self))
                reply.append(UInt8(0))  // an empty datagram would read as the end of the channel
            case .targetForMovingItem:
                let item = try reader.readElement()
                let position = wb_point(x: try reader.readDouble(), y: try reader.readDouble())
                var target = wb_element(), error = wb_error()
                reply.append(
                    functions.target_for_moving_item.map { $0(instance.handle, item, position, &target, &error) } ?? 0)
                reply.append(target)
                withUnsafeBytes(of: error) { reply.append(bytes: Array($0)) }
            case .movingItemAttributes:
                let item = try reader.readElement()
                let position = wb_point(x: try reader.readDouble(), y: try reader.readDouble())
                results.reset()
                var error = wb_error()
                let status =
                    functions.moving_item_attributes.map { $0(instance.handle, item, position, results.sink, &error) }
                    ?? 0
                try sendRecords(status: status, error: error)
                continue
            case .targetContentOffsetForProposed:
                let proposed = wb_point(x: try reader.readDouble(), y: try reader.readDouble())
                let point =
                    functions.target_content_offset_for_proposed.map { $0(instance.handle, proposed) } ?? proposed
                reply.append(point.x, point.y)
            case .targetContentOffset:
                let proposed = wb_point(x: try reader.readDouble(), y: try reader.readDouble())
                let velocity = wb_point(x: try reader.readDouble(), y: try reader.readDouble())
                let point = functions.target_content_offset(instance.handle, proposed, velocity)
                reply.append(point.x, point.y)
            }
            try channel.send(reply.bytes)
        }
    }

    /// Gives the plugin the batch, or invalidates its data when it has no `prepare_for_updates`
    /// (as the in-process host does); replies with the status and the plugin's error.
    private func prepareForUpdates(_ instance: Instance, batch memory: SharedMemory, reply: inout MessageWriter)
        throws(ChannelError)
    {
        var error = wb_error()
        let status: Int32
        if let prepareForUpdates = functions.prepare_for_updates {
            guard let answer = BatchImage.withBatch(in: memory, { prepareForUpdates(instance.handle, $0, &error) })
            else {
                throw .protocolViolation("a malformed batch image")
            }
            status = answer
        } else {
            functions.invalidate(instance.handle, UInt32(WB_INVALIDATE_DATA))
            status = Int32(WB_OK)
        }
        reply.append(status)
        withUnsafeBytes(of: error) { reply.append(bytes: Array($0)) }
    }

    /// Passes each preferred size to the plugin (ignored when it has no `preferred_attributes`):
    /// status, size and invalidation per size, stopping at a failure with the plugin's error.
    private func preferredAttributes(_ instance: Instance, _ reader: inout MessageParser, reply: inout MessageWriter)
        throws(ChannelError)
    {
        let count = try reader.read(UInt32.self)
        for _ in 0..<count {
            let element = try reader.readElement()
            let preferred = wb_size(width: try reader.readDouble(), height: try reader.readDouble())
            var answer = wb_preferred_answer()
            var error = wb_error()
            let status =
                functions.preferred_attributes.map { $0(instance.handle, element, preferred, &answer, &error) } ?? 0
            reply.append(status)
            reply.append(answer.size.width, answer.size.height)
            reply.append(answer.invalidation)
            if status < 0 {
                withUnsafeBytes(of: error) { reply.append(bytes: Array($0)) }
                return
            }
        }
    }

    private func create(options: [UInt8]) -> MessageWriter {
        var error = wb_error()
        let handle = options.withUnsafeBufferPointer {
            functions.create(plugin.descriptor, $0.baseAddress, Int64($0.count), &error)
        }
        var reply = MessageWriter()
        if let handle {
            // The instance's own kinds and budget cross with the reply; the parent checks them.
            let facts: InstanceFacts
            do throws(PluginCallError) {
                facts = try InstanceFacts.read(functions, handle: handle, plugin: plugin.name)
            } catch {
                functions.destroy(handle)
                reply.append(UInt8(0))
                var refusal = wb_error()
                refusal.set(.layout(message: error.description))
                withUnsafeBytes(of: refusal) { reply.append(bytes: Array($0)) }
                return reply
            }
            instances[nextInstance] = Instance(handle: handle)
            reply.append(UInt8(1))
            reply.append(nextInstance)
            InstanceFactsMessage.append(facts, to: &reply)
            nextInstance &+= 1
        } else {
            reply.append(UInt8(0))
            withUnsafeBytes(of: error) { reply.append(bytes: Array($0)) }
        }
        return reply
    }

    /// The status, the sink's counts and capacities, the plugin's error (if any), `total`
    /// when given, and the result memfd if it is new.
    private func sendRecords(status: Int32, error: wb_error = wb_error(), total: Int64? = nil) throws(ChannelError) {
        var reply = MessageWriter()
        reply.append(status)
        reply.append(results.sink.pointee.count)
        reply.append(results.sink.pointee.extra_length)
        reply.append(Int64(results.recordCapacity))
        reply.append(Int64(results.extraCapacity))
        withUnsafeBytes(of: error) { reply.append(bytes: Array($0)) }
        if let total { reply.append(total) }
        let descriptor = results.isNew ? results.memory.fileDescriptor : -1
        try channel.send(reply.bytes, descriptor: descriptor)
        results.isNew = false
    }
}

extension MessageParser {
    mutating func readRect() throws(ChannelError) -> wb_rect {
        wb_rect(x: try readDouble(), y: try readDouble(), width: try readDouble(), height: try readDouble())
    }

    mutating func readElement() throws(ChannelError) -> wb_element {
        wb_element(
            category: try read(Int32.self), kind: try read(Int32.self), section: try read(Int64.self),
            item: try read(Int64.self))
    }
}

extension MessageWriter {
    mutating func append(_ rect: wb_rect) { append(rect.x, rect.y, rect.width, rect.height) }

    mutating func append(_ element: wb_element) {
        append(element.category)
        append(element.kind)
        append(element.section)
        append(element.item)
    }
}
