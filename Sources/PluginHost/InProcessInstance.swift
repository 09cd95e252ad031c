import BatchUpdates
internal import CLayoutABI
import LayoutKit

/// A layout living in a plugin loaded into this process: each call goes through the C
/// function table; attributes come back through a reused host buffer and are checked.
final class InProcessInstance: PluginInstance, DataAllocating {
    let plugin: LoadedPlugin
    /// The layout's functions, called as a plugin process's child calls them.
    let calls: LayoutCalls
    let buffer = AttributesBuffer()
    /// A second buffer, for the rect asked for ahead (`withElements(inEach:)`).
    lazy var spareBuffer = AttributesBuffer()
    let check: RecordCheck
    let facts: InstanceFacts
    /// A batch update's new data goes into a block of its own (reused: see `SpareMemory`).
    var dataAllocator: DataSetAllocator { PrivateMemory.allocator }
    var cancel = CancelFlag()
    var direction = LayoutDirection.leftToRight
    private let kindNames: [String]
    private let kindIndex: [String: Int32]
    /// The data the plugin was prepared with, kept alive (and at a fixed address) until the next prepare.
    private var preparedData: DataSet?
    private var preparedSource: DataSource?
    private let dataDescription = UnsafeMutablePointer<wb_data_source>.allocate(capacity: 1)

    init(plugin: LoadedPlugin, options: [String: Value]) throws(PluginCallError) {
        self.plugin = plugin
        let functions = plugin.functions
        dataDescription.initialize(to: DataSet.empty.abi)
        var error = wb_error()
        let encoded = ValueWriter.encode(.map(options))
        let create = plugin.functions.create!
        let created = encoded.withUnsafeBufferPointer { bytes in
            create(plugin.descriptor, bytes.baseAddress, Int64(bytes.count), &error)
        }
        guard let created else {
            dataDescription.deallocate()
            throw .creationFailure(error: error)
        }
        calls = LayoutCalls(functions: functions, handle: created)
        do throws(PluginCallError) {
            facts = try InstanceFacts.read(functions, handle: created, plugin: plugin.name)
        } catch {
            functions.destroy(created)
            dataDescription.deallocate()
            throw error
        }
        let kinds = facts.kinds(of: plugin)
        check = RecordCheck(plugin: plugin, kinds: kinds)
        kindNames = kinds.map(\.name)
        kindIndex = Dictionary(uniqueKeysWithValues: kindNames.enumerated().map { ($1, Int32($0)) })
    }

    func contentOverflow() throws(PluginCallError) -> ContentOverflow {
        ContentOverflow(rawValue: calls.contentOverflow()).intersection([.horizontal, .vertical])
    }

    deinit {
        calls.destroy()
        dataDescription.deallocate()
    }

    func prepare(data: DataSet, bounds: Rect, cancel: CancelFlag) throws(PluginCallError) {
        try prepare(data: data, bounds: bounds, cancel: cancel, progress: nil)
    }

    func prepare(data: DataSet, bounds: Rect, cancel: CancelFlag, progress: ((Double) -> Void)?) throws(PluginCallError)
    {
        preparedData = data
        preparedSource = data.source
        dataDescription.pointee = data.abi
        let reporter = progress.map(ProgressReporter.init)
        var context = wb_prepare_context(
            cancel: UnsafePointer(cancel.word), progress: reporter == nil ? nil : ProgressReporter.callback,
            host_context: reporter.map { Unmanaged.passUnretained($0).toOpaque() }, direction: direction.abi,
            reserved: 0)
        let (status, error) = withExtendedLifetime(reporter) {
            calls.prepare(dataDescription, bounds: bounds.abi, context: &context)
        }
        guard status != Int32(WB_OK) else { return }
        throw .failure(status: status, error: error, plugin: plugin.name, operation: "prepare", cancel: cancel)
    }

    func prepareForUpdates(_ plan: BatchPlan) throws(PluginCallError) {
        let (status, error) = plan.withABIBatch { batch in calls.prepareForUpdates(batch) }
        guard status == Int32(WB_OK) else {
            throw failure(status, error, operation: "prepare_for_updates")
        }
    }

    func contentSize() throws(PluginCallError) -> Size {
        let size = Size(calls.contentSize())
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw .badRecord(
                plugin: plugin.name, element: "the content size",
                field: size.width.isFinite && size.width >= 0 ? "height" : "width",
                problem: "\(size.width) × \(size.height) is not a finite, non-negative size")
        }
        return size
    }

    func numberOfElements() throws(PluginCallError) -> Int? {
        let count = calls.elementCount()
        return count >= 0 ? Int(count) : nil
    }

    func withElements<T>(in rect: Rect, _ body: (AttributesRecords) throws(PluginCallError) -> T)
        throws(PluginCallError) -> T
    {
        buffer.reset()
        defer { buffer.releaseExcess() }
        let (status, error) = calls.elements(in: rect.abi, into: buffer.sink)
        return try body(try checkedAnswer(status, error, rect: rect, in: buffer))
    }

    /// The answer to a query of `rect` the plugin wrote into `buffer`, its status and records checked.
    func checkedAnswer(_ status: Int32, _ error: wb_error, rect: Rect, in buffer: AttributesBuffer)
        throws(PluginCallError) -> AttributesRecords
    {
        guard status == Int32(WB_OK) else { throw failure(status, error, operation: "elements_in_rect") }
        let records = try writtenRecords(in: buffer)
        let extras = writtenExtras(in: buffer)
        let (order, repairs) = try check.check(records, extras: extras, data: preparedSource, rect: rect)
        return AttributesRecords(records: records, extras: extras, order: order, kindNames: kindNames, repairs: repairs)
    }

    func attributes(for element: ElementID) throws(PluginCallError) -> LayoutAttributes? {
        guard let id = element.abi(kindIndex: kindIndex) else { return nil }
        buffer.reset()
        let (status, error) = calls.attributes(for: id, into: buffer.sink)
        guard status >= 0 else { throw failure(status, error, operation: "attributes_for_element") }
        return try single(status, for: element, operation: "attributes_for_element", data: preparedSource)
    }

    func transitionAttributes(for element: ElementID, isAppearing: Bool, in bounds: Rect) throws(PluginCallError)
        -> LayoutAttributes?
    {
        guard let id = element.abi(kindIndex: kindIndex) else { return nil }
        buffer.reset()
        let status = calls.transitionAttributes(for: id, isAppearing: isAppearing, in: bounds.abi, into: buffer.sink)
        return try single(status, for: element, operation: "transition_attributes", data: nil)
    }

    func shouldInvalidate(forBoundsChange newBounds: Rect) throws(PluginCallError) -> Bool {
        calls.shouldInvalidate(forBoundsChange: newBounds.abi)
    }

    func invalidation(forBoundsChange newBounds: Rect) throws(PluginCallError) -> Invalidation {
        Invalidation(rawValue: calls.invalidation(forBoundsChange: newBounds.abi))
    }

    func invalidate(_ invalidation: Invalidation) throws(PluginCallError) {
        calls.invalidate(invalidation.rawValue)
    }

    func targetContentOffset(proposed: Point, velocity: Point) throws(PluginCallError) -> Point {
        try Point(calls.targetContentOffset(proposed: proposed.abi, velocity: velocity.abi)).checkedOffset(
            plugin: plugin.name)
    }

    func preferredAttributes(_ sizes: [PreferredSize]) throws(PluginCallError) -> [PreferredSizeAnswer?] {
        var answers: [PreferredSizeAnswer?] = []
        answers.reserveCapacity(sizes.count)
        for preferred in sizes {
            guard let id = preferred.element.abi(kindIndex: kindIndex) else {
                answers.append(nil)
                continue
            }
            let (status, answer, error) = calls.preferredAttributes(for: id, size: preferred.size.abi)
            guard status >= 0 else { throw failure(status, error, operation: "preferred_attributes") }
            answers.append(
                status == 1
                    ? try PreferredSizeAnswer(answer).checked(plugin: plugin.name, element: preferred.element) : nil)
        }
        return answers
    }

    func changedElements(limit: Int) throws(PluginCallError) -> (first: [ElementID], count: Int)? {
        buffer.reset()
        defer { buffer.releaseExcess() }
        guard let count = calls.changedElements(limit: Int64(limit), into: buffer.sink), count >= 0 else { return nil }
        return try check.changedElements(
            try writtenRecords(in: buffer), extras: writtenExtras(in: buffer), total: count, limit: limit,
            data: preparedSource,
            kindNames: kindNames)
    }

    /// A failed call, as both backends report it.
    func failure(_ status: Int32, _ error: wb_error, operation: String) -> PluginCallError {
        .failure(status: status, error: error, plugin: plugin.name, operation: operation, cancel: cancel)
    }

    /// The records in `buffer`, after checking the plugin left the sink's counts sane.
    private func writtenRecords(in buffer: AttributesBuffer) throws(PluginCallError)
        -> UnsafeBufferPointer<wb_attributes>
    {
        let sink = buffer.sink.pointee
        guard sink.count >= 0, sink.count <= sink.capacity, sink.extra_length >= 0,
            sink.extra_length <= sink.extra_capacity
        else {
            throw .badRecord(
                plugin: plugin.name, element: "the attributes sink", field: "count",
                problem: "\(sink.count) records, \(sink.extra_length) extra bytes do not fit the buffer")
        }
        return buffer.records
    }

    private func writtenExtras(in buffer: AttributesBuffer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: buffer.sink.pointee.extra_bytes, count: Int(buffer.sink.pointee.extra_length))
    }

    /// The one record of an answer about `element`: 1 = found, 0 = no such element. Without
    /// `data`, the element's index path is not checked (an appearing item is not in the data yet).
    func single(_ status: Int32, for element: ElementID, operation: String, data: DataSource?) throws(PluginCallError)
        -> LayoutAttributes?
    {
        guard status >= 0 else { throw .failed(plugin: plugin.name, operation: operation, status: Int(status)) }
        guard status == 1 else { return nil }
        let records = try writtenRecords(in: buffer)
        guard records.count == 1 else {
            throw .badRecord(
                plugin: plugin.name, element: element.description, field: "count",
                problem: "\(records.count) records written for one element")
        }
        _ = try check.check(records, extras: writtenExtras(in: buffer), data: data, rect: nil)
        let answer = AttributesRecords(
            records: records, extras: writtenExtras(in: buffer), order: nil, kindNames: kindNames, repairs: []
        ).attributes(at: 0)
        guard answer.element == element else {
            throw .badRecord(
                plugin: plugin.name, element: element.description, field: "element",
                problem: "the answer is about \(answer.element)")
        }
        return answer
    }
}
