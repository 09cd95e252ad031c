import BatchUpdates
internal import CLayoutABI
import Foundation
import LayoutKit
import PluginHost

/// A layout living in a plugin process of its own (which ends with it). The parent keeps what
/// matters — the options, the data and bounds it was last prepared with — so when the child
/// dies the layout is made again in the next child and prepared as it was, on its next request.
final class ProcessInstance: PluginInstance, DataAllocating {
    let process: PluginProcess
    let plugin: LoadedPlugin
    private(set) var check: RecordCheck
    var cancel = CancelFlag()
    var direction = LayoutDirection.leftToRight
    let options: [UInt8]
    /// What the instance said of itself when first made (every later child makes it alike).
    private(set) var facts = InstanceFacts()
    private(set) var kindNames: [String]
    private(set) var kindIndex: [String: Int32]
    /// The preferred sizes sent since the layout last dropped them (data or everything
    /// invalidated, a batch given): told again to a layout made again in a new child.
    var rememberedSizes: [ElementID: Size] = [:]
    /// The instance's id in the child, and which life of the child it belongs to.
    private var remote: (generation: Int, id: UInt32)?
    private var prepared: (data: DataSet, bounds: Rect)?
    /// Where the running prepare's progress goes.
    private var progress: ((Double) -> Void)?
    private(set) var preparedSource: DataSource?
    /// Whether the data changed (a batch was given) since the last prepare: a layout made
    /// again in a new child in between, prepared with the old data, is invalidated too.
    private var awaitsNewData = false
    private var image: (data: DataSet, memory: SharedMemory, key: UInt64)?
    /// Numbers the data images this process makes, so a child can tell them apart.
    nonisolated(unsafe) private static var imageCount: UInt64 = 0  // Unsafe-annotated: only touched under `imageLock`.
    private static let imageLock = NSLock()

    init(process: PluginProcess, options: [String: Value]) throws(PluginCallError) {
        self.process = process
        plugin = process.plugin
        check = RecordCheck(plugin: plugin, kinds: plugin.kinds)
        self.options = ValueWriter.encode(.map(options))
        kindNames = plugin.kinds.map(\.name)
        kindIndex = Dictionary(uniqueKeysWithValues: kindNames.enumerated().map { ($1, Int32($0)) })
        guard self.options.count < maximumMessageSize - 64 else {
            throw .reported(.layout(message: "the options are too large (\(self.options.count) bytes encoded)"))
        }
        try withRemoteCall(operation: "create") { _, _ throws(PluginCallError) in }
    }

    /// Runs `body` with the child and this layout's id in it, making the layout again (and
    /// preparing it as it was) if the child is not the one it was made in.
    func withRemoteCall<T>(operation: String, _ body: (ChildProcess, UInt32) throws(PluginCallError) -> T)
        throws(PluginCallError) -> T
    {
        try process.withChild { child, generation throws(PluginCallError) in
            if let remote, remote.generation == generation { return try body(child, remote.id) }
            let id: UInt32, facts: InstanceFacts
            switch try exchange(.create(options: options), in: child, id: 0) as CreateReply {
            case .refused(let error): throw .creationFailure(error: error)
            case .made(let madeID, let madeFacts): (id, facts) = (madeID, madeFacts)
            }
            if let kinds = facts.kinds { try InstanceFacts.check(kinds, plugin: plugin.name) }
            if remote == nil {
                adopt(facts)
            } else if facts != self.facts {
                throw .broken(plugin: plugin.name, reason: "the same options made a layout with other kinds")
            }
            remote = (generation, id)
            try resendPreferredSizes(to: child, id: id)
            if let prepared { try prepareRemote(child, id: id, data: prepared.data, bounds: prepared.bounds) }
            if awaitsNewData {
                let _: Acknowledgement = try exchange(.invalidate(Invalidation.data.rawValue), in: child, id: id)
            }
            return try body(child, id)
        }
    }

    /// The first child's word on the instance: the kinds its records index from now on.
    private func adopt(_ facts: InstanceFacts) {
        self.facts = facts
        let kinds = facts.kinds(of: plugin)
        check = RecordCheck(plugin: plugin, kinds: kinds)
        kindNames = kinds.map(\.name)
        kindIndex = Dictionary(uniqueKeysWithValues: kindNames.enumerated().map { ($1, Int32($0)) })
    }

    func contentOverflow() throws(PluginCallError) -> ContentOverflow {
        ContentOverflow(rawValue: try call(.contentOverflow)).intersection([.horizontal, .vertical])
    }

    /// New data goes straight into an image the child can map.
    var dataAllocator: DataSetAllocator { DataImage.allocator }

    func prepare(data: DataSet, bounds: Rect, cancel: CancelFlag) throws(PluginCallError) {
        try prepare(data: data, bounds: bounds, cancel: cancel, progress: nil)
    }

    func prepare(data: DataSet, bounds: Rect, cancel: CancelFlag, progress: ((Double) -> Void)?) throws(PluginCallError)
    {
        self.cancel = cancel
        self.progress = progress
        defer { self.progress = nil }
        prepared = nil
        try withRemoteCall(operation: "prepare") { child, id throws(PluginCallError) in
            try prepareRemote(child, id: id, data: data, bounds: bounds)
        }
        prepared = (data, bounds)
        preparedSource = data.source
        awaitsNewData = false
    }

    /// Sends the batch to the child (in shared memory), whose plugin takes it in
    /// `prepare_for_updates`, or invalidates its data without one. The next `prepare` sends
    /// the new data.
    func prepareForUpdates(_ plan: BatchPlan) throws(PluginCallError) {
        let memory: SharedMemory
        do { memory = try BatchImage.make(plan) } catch {
            throw .broken(plugin: plugin.name, reason: "the batch could not be shared: \(error)")
        }
        try withRemoteCall(operation: "prepare_for_updates") { child, id throws(PluginCallError) in
            let reply: StatusReply = try exchange(
                .prepareForUpdates, in: child, id: id, descriptor: memory.fileDescriptor)
            guard reply.status == Int32(WB_OK) else { throw failure(.prepareForUpdates, reply.status, reply.error) }
        }
        awaitsNewData = true
        rememberedSizes = [:]
    }

    private func prepareRemote(_ child: ChildProcess, id: UInt32, data: DataSet, bounds: Rect) throws(PluginCallError) {
        if image?.data !== data {
            let key = Self.imageLock.withLock { () -> UInt64 in
                Self.imageCount += 1
                return Self.imageCount
            }
            do { image = (data, try DataImage.make(data), key) } catch {
                throw .broken(plugin: plugin.name, reason: "the data could not be shared: \(error)")
            }
        }
        let request = PluginRequest.prepare(bounds: bounds.abi, dataKey: image!.key, direction: direction.abi)
        let reply: StatusReply = try exchange(
            request, in: child, id: id, descriptor: image!.memory.fileDescriptor, progress: progress)
        guard reply.status == Int32(WB_OK) else { throw failure(request, reply.status, reply.error) }
    }

    func contentSize() throws(PluginCallError) -> Size {
        let size = Size(try call(.contentSize) as wb_size)
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw .badRecord(
                plugin: plugin.name, element: "the content size",
                field: size.width.isFinite && size.width >= 0 ? "height" : "width",
                problem: "\(size.width) × \(size.height) is not a finite, non-negative size")
        }
        return size
    }

    func numberOfElements() throws(PluginCallError) -> Int? {
        let count: Int64 = try call(.elementCount)
        return count >= 0 ? Int(count) : nil
    }

    func shouldInvalidate(forBoundsChange newBounds: Rect) throws(PluginCallError) -> Bool {
        try call(.shouldInvalidate(newBounds.abi)) as Int32 != 0
    }

    func invalidation(forBoundsChange newBounds: Rect) throws(PluginCallError) -> Invalidation {
        Invalidation(rawValue: try call(.invalidationForBoundsChange(newBounds.abi)))
    }

    func invalidate(_ invalidation: Invalidation) throws(PluginCallError) {
        if !invalidation.isDisjoint(with: [.data, .everything]) { rememberedSizes = [:] }
        let _: Acknowledgement = try call(.invalidate(invalidation.rawValue))
    }

    func targetContentOffset(proposed: Point, velocity: Point) throws(PluginCallError) -> Point {
        let point: wb_point = try call(.targetContentOffset(proposed: proposed.abi, velocity: velocity.abi))
        return try Point(point).checkedOffset(plugin: plugin.name)
    }

    func withElements<T>(in rect: Rect, _ body: (AttributesRecords) throws(PluginCallError) -> T)
        throws(PluginCallError) -> T
    {
        try withRemoteCall(operation: "elements_in_rect") { child, id throws(PluginCallError) in
            let (_, records, extras, _) = try records(.elementsInRect(rect.abi, area: 0), in: child, id: id)
            let (order, repairs) = try check.check(records, extras: extras, data: preparedSource, rect: rect)
            return try body(
                AttributesRecords(
                    records: records, extras: extras, order: order, kindNames: kindNames, repairs: repairs))
        }
    }

    func attributes(for element: ElementID) throws(PluginCallError) -> LayoutAttributes? {
        guard let id = element.abi(kindIndex: kindIndex) else { return nil }
        return try single(.attributesForElement(id), element: element, data: preparedSource)
    }

    func transitionAttributes(for element: ElementID, isAppearing: Bool, in bounds: Rect) throws(PluginCallError)
        -> LayoutAttributes?
    {
        guard let id = element.abi(kindIndex: kindIndex) else { return nil }
        return try single(
            .transitionAttributes(id, isAppearing: isAppearing, bounds: bounds.abi), element: element, data: nil)
    }
}
