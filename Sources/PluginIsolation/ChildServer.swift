internal import CLayoutABI
internal import CSystemShims
import LayoutKit
import Platform
import PluginHost

/// The child's request loop: each message is a `PluginRequest` for a layout instance, carried
/// out with the instance's `LayoutCalls` (as the in-process backend calls them); its reply goes
/// back as one message, records through a `ResultArea` (two: `elementsInRect` names which).
final class ChildServer {
    /// One layout made by the plugin, with the data it was last prepared with.
    private final class Instance {
        let calls: LayoutCalls
        var data: SharedMemory?
        /// Which data image `data` is (the parent numbers them), so that preparing again with
        /// the same data keeps the mapping and its pages.
        var dataKey: UInt64 = 0
        let source = UnsafeMutablePointer<wb_data_source>.allocate(capacity: 1)

        init(calls: LayoutCalls) {
            self.calls = calls
            source.initialize(to: wb_data_source())
        }

        deinit { source.deallocate() }
    }

    private let plugin: LoadedPlugin
    private let channel: Channel
    private let cancelWord: UnsafePointer<Int32>
    /// Where progress fractions go, as bits, for the parent to read.
    private let progressWord: UnsafeMutableRawPointer
    /// Area 0, and area 1 once a request first names it.
    private var results: [ResultArea]
    private var instances: [UInt32: Instance] = [:]
    private var nextInstance: UInt32 = 1
    /// How the loop waits for the next request: briefly spinning while requests come quickly.
    private var spin = AdaptiveSpin()

    /// - Parameter control: the page shared with the parent: the cancel word at 0, progress at 8.
    init(plugin: LoadedPlugin, channel: Channel, control: UnsafeMutableRawPointer) throws(ChannelError) {
        self.plugin = plugin
        self.channel = channel
        cancelWord = UnsafePointer(control.assumingMemoryBound(to: Int32.self))
        progressWord = control + 8
        results = [try ResultArea()]
    }

    /// Answers requests until the channel closes.
    func serve() throws(ChannelError) {
        while true {
            let (bytes, descriptor) = try spin.wait(poll: channel.receiveIfReady, block: channel.receive)
            let (id, request) = try PluginRequest.decoded(bytes)
            switch request {
            case .hello: throw .protocolViolation("a second hello")
            case .create(let options): try send(create(options: options))
            default:
                guard let instance = instances[id] else { throw .protocolViolation("no instance \(id)") }
                try answer(request, for: instance, id: id, descriptor: descriptor)
            }
        }
    }

    /// Carries out `request` on `instance` and replies (except to `destroy`).
    private func answer(_ request: PluginRequest, for instance: Instance, id: UInt32, descriptor: Int32)
        throws(ChannelError)
    {
        let calls = instance.calls
        switch request {
        case .hello, .create: throw .protocolViolation("\(request.operation) for an instance")
        case .destroy:
            calls.destroy()
            instances[id] = nil
        case .prepare(let bounds, let key, let direction):
            try receiveData(descriptor, key: key, for: instance)
            var context = wb_prepare_context(
                cancel: cancelWord,
                progress: { word, fraction in
                    guard let word, fraction.isFinite else { return }
                    wb_atomic_store_u64(word.assumingMemoryBound(to: UInt64.self), min(1, max(0, fraction)).bitPattern)
                }, host_context: progressWord, direction: direction, reserved: 0)
            let (status, error) = calls.prepare(instance.source, bounds: bounds, context: &context)
            try send(StatusReply(status: status, error: error))
        case .prepareForUpdates:
            guard descriptor >= 0 else { throw .protocolViolation("prepare_for_updates without a batch") }
            let memory = try SharedMemory(receiving: descriptor, writable: false)
            guard let (status, error) = BatchImage.withBatch(in: memory, { calls.prepareForUpdates($0) }) else {
                throw .protocolViolation("a malformed batch image")
            }
            try send(StatusReply(status: status, error: error))
        case .preferredAttributes(let sizes):
            var reply = PreferredReply()
            for (element, size) in sizes {
                let (status, answer, error) = calls.preferredAttributes(for: element, size: size)
                reply.answers.append((status, answer))
                if status < 0 {
                    reply.error = error
                    break
                }
            }
            try send(reply)
        case .contentSize: try send(calls.contentSize())
        case .elementCount: try send(calls.elementCount())
        case .contentOverflow: try send(calls.contentOverflow())
        case .elementsInRect(let rect, let area):
            let results = try resultArea(area)
            let (status, error) = calls.elements(in: rect, into: results.sink)
            try sendRecords(results, status: status, error: error)
        case .attributesForElement(let element):
            let results = try resultArea(0)
            let (status, error) = calls.attributes(for: element, into: results.sink)
            try sendRecords(results, status: status, error: error)
        case .transitionAttributes(let element, let isAppearing, let bounds):
            let results = try resultArea(0)
            try sendRecords(
                results,
                status: calls.transitionAttributes(
                    for: element, isAppearing: isAppearing, in: bounds, into: results.sink))
        case .movingItemAttributes(let item, let position):
            let results = try resultArea(0)
            let (status, error) = calls.movingItemAttributes(for: item, at: position, into: results.sink)
            try sendRecords(results, status: status, error: error)
        case .changedElements(let limit):
            let results = try resultArea(0)
            try sendRecords(
                results, status: Int32(WB_OK), total: calls.changedElements(limit: limit, into: results.sink) ?? -1)
        case .shouldInvalidate(let bounds): try send(Int32(calls.shouldInvalidate(forBoundsChange: bounds) ? 1 : 0))
        case .invalidationForBoundsChange(let bounds): try send(calls.invalidation(forBoundsChange: bounds))
        case .invalidate(let flags):
            calls.invalidate(flags)
            try send(Acknowledgement())
        case .targetForMovingItem(let item, let position):
            let (status, target, error) = calls.targetForMovingItem(item, at: position)
            try send(MoveTargetReply(status: status, target: target, error: error))
        case .targetContentOffsetForProposed(let proposed): try send(calls.targetContentOffset(forProposed: proposed))
        case .targetContentOffset(let proposed, let velocity):
            try send(calls.targetContentOffset(proposed: proposed, velocity: velocity))
        }
    }

    /// Maps the data image `descriptor` unless it is the one the instance already has.
    private func receiveData(_ descriptor: Int32, key: UInt64, for instance: Instance) throws(ChannelError) {
        guard descriptor >= 0 else { throw .protocolViolation("prepare without data") }
        if key == instance.dataKey, instance.data != nil {
            close(descriptor)
            return
        }
        instance.data = try SharedMemory(receiving: descriptor, writable: false, populate: true)
        guard let source = instance.data.flatMap(DataImage.source) else {
            throw .protocolViolation("a malformed data image")
        }
        instance.source.pointee = source
        instance.dataKey = key
    }

    private func send(_ reply: some PluginReply) throws(ChannelError) { try channel.send(reply.encoded.bytes) }

    private func create(options: [UInt8]) -> CreateReply {
        let functions = plugin.functions
        var error = wb_error()
        let handle = options.withUnsafeBufferPointer {
            functions.create(plugin.descriptor, $0.baseAddress, Int64($0.count), &error)
        }
        guard let handle else { return .refused(error) }
        // The instance's own kinds and budget cross with the reply; the parent checks them.
        do throws(PluginCallError) {
            let facts = try InstanceFacts.read(functions, handle: handle, plugin: plugin.name)
            instances[nextInstance] = Instance(calls: LayoutCalls(functions: functions, handle: handle))
            defer { nextInstance &+= 1 }
            return .made(id: nextInstance, facts: facts)
        } catch {
            functions.destroy(handle)
            var refusal = wb_error()
            refusal.set(.layout(message: error.description))
            return .refused(refusal)
        }
    }

    /// Result area `index`, emptied (made on first use).
    private func resultArea(_ index: UInt8) throws(ChannelError) -> ResultArea {
        guard index < 2 else { throw .protocolViolation("result area \(index)") }
        if Int(index) == results.count { results.append(try ResultArea()) }
        let area = results[Int(index)]
        area.reset()
        return area
    }

    /// The status, the sink's counts and capacities, the plugin's error (if any), `total`
    /// when given, and the result memfd if it is new.
    private func sendRecords(_ results: ResultArea, status: Int32, error: wb_error = wb_error(), total: Int64? = nil)
        throws(ChannelError)
    {
        let reply = RecordsReply(
            status: status, count: results.sink.pointee.count, extraLength: results.sink.pointee.extra_length,
            recordCapacity: Int64(results.recordCapacity), extraCapacity: Int64(results.extraCapacity), error: error,
            total: total)
        try channel.send(reply.encoded.bytes, descriptor: results.isNew ? results.memory.fileDescriptor : -1)
        results.isNew = false
    }
}
