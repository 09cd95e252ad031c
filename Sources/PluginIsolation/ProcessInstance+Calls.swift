internal import CLayoutABI
import LayoutKit
import Platform
import PluginHost

extension ProcessInstance {
    /// A reader over a reply; a descriptor that came with it unasked is closed.
    func reader(_ reply: (bytes: [UInt8], descriptor: Int32)) -> MessageParser {
        if reply.descriptor >= 0 { close(reply.descriptor) }
        return MessageParser(reply.bytes)
    }

    /// A request whose reply is a few fixed fields.
    func simple<T>(
        _ operation: Operation, operation name: String, _ fill: (inout MessageWriter) -> Void = { _ in },
        _ parse: (inout MessageParser) throws(ChannelError) -> T
    ) throws(PluginCallError) -> T {
        try withRemoteCall(operation: name) { child, id throws(PluginCallError) in
            var message = MessageWriter(operation, instance: id)
            fill(&message)
            var reply = reader(try process.call(child, message, operation: name, cancel: cancel))
            do { return try parse(&reply) } catch { throw .failed(plugin: plugin.name, operation: name, status: -1) }
        }
    }

    /// A request answering one element's attributes: 1 found, 0 no such element, negative failed.
    func single(
        _ operation: Operation, element: ElementID, operation name: String, data: DataSource?,
        _ fill: (inout MessageWriter) -> Void
    ) throws(PluginCallError) -> LayoutAttributes? {
        try withRemoteCall(operation: name) { child, id throws(PluginCallError) in
            var message = MessageWriter(operation, instance: id)
            fill(&message)
            let reply = try process.call(child, message, operation: name, cancel: cancel)
            var statusReader = MessageParser(reply.bytes)
            let status = (try? statusReader.read(Int32.self)) ?? -1
            let (records, extras) = try results(of: reply, in: child, operation: name, acceptedStatus: 1)
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

    /// The records a reply announces, in the child's result memory — every count and
    /// capacity the child wrote checked against the memory actually mapped.
    func results(
        of reply: (bytes: [UInt8], descriptor: Int32), in child: ChildProcess, operation: String,
        acceptedStatus: Int32 = Int32(WB_OK)
    ) throws(PluginCallError) -> (UnsafeBufferPointer<wb_attributes>, UnsafeRawBufferPointer) {
        var fields = MessageParser(reply.bytes)
        guard let status = try? fields.read(Int32.self), let count = try? fields.read(Int64.self),
            let extraLength = try? fields.read(Int64.self),
            let recordCapacity = try? fields.read(Int64.self), let extraCapacity = try? fields.read(Int64.self)
        else {
            if reply.descriptor >= 0 { close(reply.descriptor) }
            throw .failed(plugin: plugin.name, operation: operation, status: -1)
        }
        if reply.descriptor >= 0 {
            do {
                child.results = try SharedMemory(receiving: reply.descriptor, writable: false)
                child.resultCapacity = (Int(clamping: recordCapacity), Int(clamping: extraCapacity))
            } catch {
                throw .failed(plugin: plugin.name, operation: operation, status: -1)
            }
        }
        guard status == acceptedStatus || (acceptedStatus == 1 && status == 0) else {
            let error = (try? Self.error(&fields, plugin: plugin.name, operation: operation)) ?? wb_error()
            throw .failure(status: status, error: error, plugin: plugin.name, operation: operation, cancel: cancel)
        }
        let stride = MemoryLayout<wb_attributes>.stride
        guard let memory = child.results, recordCapacity == Int64(child.resultCapacity.records),
            extraCapacity == Int64(child.resultCapacity.extraBytes),
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
        return (records, UnsafeRawBufferPointer(rebasing: extraBytes[..<Int(extraLength)]))
    }

    /// Reads reply fields; a malformed reply is a failure of `operation`.
    func fields<T>(_ operation: String, _ body: () throws(ChannelError) -> T) throws(PluginCallError) -> T {
        do { return try body() } catch { throw .failed(plugin: plugin.name, operation: operation, status: -1) }
    }

    /// A plugin's `wb_error`, sent whole by its child; a malformed one is a failure of `operation`.
    static func error(_ reply: inout MessageParser, plugin: String, operation: String) throws(PluginCallError)
        -> wb_error
    {
        guard let bytes = try? reply.readBytes(), bytes.count == MemoryLayout<wb_error>.size else {
            throw .failed(plugin: plugin, operation: operation, status: -1)
        }
        var error = wb_error()
        withUnsafeMutableBytes(of: &error) { $0.copyBytes(from: bytes) }
        return error
    }
}
