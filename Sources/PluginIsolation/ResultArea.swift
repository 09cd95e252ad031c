internal import CLayoutABI
import Platform

/// The child's side of results: a `wb_attributes_sink` whose records and extra bytes live in
/// one memfd — records first, extra bytes after `recordCapacity` records. Growing makes a new,
/// larger memfd, which goes to the parent with the next reply.
final class ResultArea {
    static let stride = MemoryLayout<wb_attributes>.stride
    private(set) var memory: SharedMemory
    private(set) var recordCapacity: Int
    private(set) var extraCapacity: Int
    /// Whether the parent has not seen `memory` yet.
    var isNew = true
    let sink: UnsafeMutablePointer<wb_attributes_sink>

    init() throws(ChannelError) {
        recordCapacity = 1024
        extraCapacity = 1 << 16
        memory = try SharedMemory(creating: recordCapacity * Self.stride + extraCapacity, name: "workbench-results")
        sink = .allocate(capacity: 1)
        sink.initialize(to: wb_attributes_sink())
        sink.pointee.reserve = { sink, records, extraBytes in
            guard let sink, let context = sink.pointee.host_context else { return 0 }
            return Unmanaged<ResultArea>.fromOpaque(context).takeUnretainedValue().grow(
                records: records, extraBytes: extraBytes) ? 1 : 0
        }
        sink.pointee.host_context = Unmanaged.passUnretained(self).toOpaque()
        point()
    }

    deinit { sink.deallocate() }

    /// Empties the sink, keeping its memory.
    func reset() {
        sink.pointee.count = 0
        sink.pointee.extra_length = 0
    }

    private func point() {
        sink.pointee.records = memory.base.bindMemory(to: wb_attributes.self, capacity: recordCapacity)
        sink.pointee.capacity = Int64(recordCapacity)
        sink.pointee.extra_bytes = (memory.base + recordCapacity * Self.stride).bindMemory(
            to: UInt8.self, capacity: extraCapacity)
        sink.pointee.extra_capacity = Int64(extraCapacity)
    }

    /// Room for `records` more records and `extraBytes` more bytes, in a new memfd.
    private func grow(records: Int64, extraBytes: Int64) -> Bool {
        let count = Int(sink.pointee.count), extraLength = Int(sink.pointee.extra_length)
        guard records >= 0, extraBytes >= 0, records < 1 << 32, extraBytes < 1 << 34, count >= 0, extraLength >= 0,
            count <= recordCapacity, extraLength <= extraCapacity
        else { return false }
        let newRecords = max(
            recordCapacity,
            count + Int(records) > recordCapacity ? max(count + Int(records), recordCapacity * 2) : recordCapacity)
        let newExtra = max(
            extraCapacity,
            extraLength + Int(extraBytes) > extraCapacity
                ? max(extraLength + Int(extraBytes), extraCapacity * 2) : extraCapacity)
        guard let grown = try? SharedMemory(creating: newRecords * Self.stride + newExtra, name: "workbench-results")
        else { return false }
        grown.base.copyMemory(from: memory.base, byteCount: count * Self.stride)
        (grown.base + newRecords * Self.stride).copyMemory(
            from: memory.base + recordCapacity * Self.stride, byteCount: extraLength)
        memory = grown
        recordCapacity = newRecords
        extraCapacity = newExtra
        isNew = true
        point()
        return true
    }
}
