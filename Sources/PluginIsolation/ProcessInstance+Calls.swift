internal import CLayoutABI
import LayoutKit
import Platform
import PluginHost

extension ProcessInstance {
    /// Sends `request` to this layout (`id`) in `child` and reads its reply as `Reply`, with the
    /// descriptor that came beside it (-1: none). A malformed reply is a failure of the request's
    /// function.
    func exchange<Reply: PluginReply>(
        _ request: PluginRequest, in child: ChildProcess, id: UInt32, descriptor: Int32 = -1,
        progress: ((Double) -> Void)? = nil
    ) throws(PluginCallError) -> (reply: Reply, descriptor: Int32) {
        let operation = request.operation.functionName
        let answer = try process.call(
            child, request.encoded(instance: id), descriptor: descriptor, operation: operation, cancel: cancel,
            progress: progress)
        return try decoded(answer, operation: operation)
    }

    /// A reply's bytes read as `Reply`, with its descriptor; a malformed reply (its descriptor
    /// closed) is a failure of `operation`.
    func decoded<Reply: PluginReply>(_ answer: (bytes: [UInt8], descriptor: Int32), operation: String)
        throws(PluginCallError) -> (reply: Reply, descriptor: Int32)
    {
        var message = MessageParser(answer.bytes)
        do {
            return (try Reply(reading: &message), answer.descriptor)
        } catch {
            if answer.descriptor >= 0 { close(answer.descriptor) }
            throw .failed(plugin: plugin.name, operation: operation, status: -1)
        }
    }

    /// `exchange` for a reply that brings no descriptor (one that comes anyway is closed).
    func exchange<Reply: PluginReply>(
        _ request: PluginRequest, in child: ChildProcess, id: UInt32, descriptor: Int32 = -1,
        progress: ((Double) -> Void)? = nil
    ) throws(PluginCallError) -> Reply {
        let (reply, unasked): (Reply, Int32) = try exchange(
            request, in: child, id: id, descriptor: descriptor, progress: progress)
        if unasked >= 0 { close(unasked) }
        return reply
    }

    /// One request to this layout, made again in a new child first if need be.
    func call<Reply: PluginReply>(_ request: PluginRequest) throws(PluginCallError) -> Reply {
        try withRemoteCall(operation: request.operation.functionName) { child, id throws(PluginCallError) in
            try exchange(request, in: child, id: id)
        }
    }

    /// A plugin's failure of `request`, as both backends report it.
    func failure(_ request: PluginRequest, _ status: Int32, _ error: wb_error) -> PluginCallError {
        .failure(
            status: status, error: error, plugin: plugin.name, operation: request.operation.functionName, cancel: cancel
        )
    }

    /// A request answering one element's attributes: 1 found, 0 no such element, negative failed.
    func single(_ request: PluginRequest, element: ElementID, data: DataSource?) throws(PluginCallError)
        -> LayoutAttributes?
    {
        let operation = request.operation.functionName
        return try withRemoteCall(operation: operation) { child, id throws(PluginCallError) in
            let (status, records, extras, _) = try records(request, in: child, id: id, acceptedStatus: 1)
            guard status == 1 else { return nil }
            guard records.count == 1 else {
                throw .badRecord(
                    plugin: plugin.name, element: element.description, field: "count",
                    problem: "\(records.count) records written for one element")
            }
            _ = try check.check(records, extras: extras, data: data, rect: nil)
            let answer = AttributesRecords(
                records: records, extras: extras, order: nil, kindNames: kindNames, repairs: []
            ).attributes(at: 0)
            guard answer.element == element else {
                throw .badRecord(
                    plugin: plugin.name, element: element.description, field: "element",
                    problem: "the answer is about \(answer.element)")
            }
            return answer
        }
    }

    /// The records `request` wrote into the child's result area 0: see `records(of:)`.
    func records(_ request: PluginRequest, in child: ChildProcess, id: UInt32, acceptedStatus: Int32 = Int32(WB_OK))
        throws(PluginCallError) -> (
            status: Int32, records: UnsafeBufferPointer<wb_attributes>, extras: UnsafeRawBufferPointer, total: Int64?
        )
    {
        let answer: (reply: RecordsReply, descriptor: Int32) = try exchange(request, in: child, id: id)
        return try records(of: answer, area: 0, for: request, in: child, acceptedStatus: acceptedStatus)
    }

    /// The records a reply says the child wrote into its result area `area` (mapped anew when
    /// the child sends a new one) — every count and capacity the child wrote checked against the
    /// memory actually mapped — with the reply's status and total.
    func records(
        of answer: (reply: RecordsReply, descriptor: Int32), area: Int, for request: PluginRequest,
        in child: ChildProcess, acceptedStatus: Int32 = Int32(WB_OK)
    ) throws(PluginCallError) -> (
        status: Int32, records: UnsafeBufferPointer<wb_attributes>, extras: UnsafeRawBufferPointer, total: Int64?
    ) {
        let reply = answer.reply
        try adoptResultMemory(of: answer, area: area, for: request, in: child)
        guard reply.status == acceptedStatus || (acceptedStatus == 1 && reply.status == 0) else {
            throw failure(request, reply.status, reply.error)
        }
        let stride = MemoryLayout<wb_attributes>.stride
        let (count, extraLength) = (reply.count, reply.extraLength)
        let (recordCapacity, extraCapacity) = (reply.recordCapacity, reply.extraCapacity)
        let mapped = child.results[area]
        guard let memory = mapped.memory, recordCapacity == Int64(mapped.capacity.records),
            extraCapacity == Int64(mapped.capacity.extraBytes),
            recordCapacity >= 0, extraCapacity >= 0, recordCapacity <= Int64(memory.size / stride),
            let recordBytes = memory.bytes(at: 0, count: Int(recordCapacity) * stride),
            let extraBytes = memory.bytes(at: Int(recordCapacity) * stride, count: Int(extraCapacity)),
            count >= 0, count <= recordCapacity, extraLength >= 0, extraLength <= extraCapacity
        else {
            throw .badRecord(
                plugin: plugin.name, element: "the attributes sink", field: "count",
                problem: "\(count) records, \(extraLength) extra bytes do not fit the shared buffer")
        }
        let records = UnsafeBufferPointer(
            start: recordBytes.baseAddress!.assumingMemoryBound(to: wb_attributes.self), count: Int(count))
        return (reply.status, records, UnsafeRawBufferPointer(rebasing: extraBytes[..<Int(extraLength)]), reply.total)
    }

    /// Maps the result memory that came with a reply (if one did) as area `area`.
    func adoptResultMemory(
        of answer: (reply: RecordsReply, descriptor: Int32), area: Int, for request: PluginRequest,
        in child: ChildProcess
    ) throws(PluginCallError) {
        guard answer.descriptor >= 0 else { return }
        do {
            child.results[area] = MappedResults(
                memory: try SharedMemory(receiving: answer.descriptor, writable: false),
                capacity: (Int(clamping: answer.reply.recordCapacity), Int(clamping: answer.reply.extraCapacity)))
        } catch {
            throw .failed(plugin: plugin.name, operation: request.operation.functionName, status: -1)
        }
    }
}
