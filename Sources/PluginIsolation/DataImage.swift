internal import CLayoutABI
import LayoutKit
import PluginHost

/// A `DataSet` copied into shared memory, for a plugin process to map: a header of
/// (offset, count) pairs, then the arrays, each 8-byte aligned.
///
/// The parent writes it once per data set; the child checks every offset against the
/// mapping before it builds the `wb_data_source` that points into it.
enum DataImage {
    static let magic: Int64 = 0x5742_4441_5441_0001
    static let headerFields = 14

    /// Copies `data` into a fresh memfd (unless it already lives in one: see `allocator`).
    static func make(_ data: DataSet) throws(ChannelError) -> SharedMemory {
        if let storage = data.owner as? Storage { return storage.memory }
        let (memory, regions) = try allocate(counts: [
            data.sectionStarts.count, data.itemOffsets.count, data.valueBytes.count,
            data.childStarts?.count ?? -1, data.children?.count ?? -1, data.metadataBytes.count,
        ])
        func copy(_ source: UnsafeRawBufferPointer?, to region: Int) {
            guard let source, let address = source.baseAddress, source.count > 0 else { return }
            regions[region].copyMemory(from: address, byteCount: source.count)
        }
        copy(UnsafeRawBufferPointer(data.sectionStarts), to: 0)
        copy(UnsafeRawBufferPointer(data.itemOffsets), to: 1)
        copy(UnsafeRawBufferPointer(data.valueBytes), to: 2)
        copy(data.childStarts.map { UnsafeRawBufferPointer($0) }, to: 3)
        copy(data.children.map { UnsafeRawBufferPointer($0) }, to: 4)
        copy(UnsafeRawBufferPointer(data.metadataBytes), to: 5)
        return memory
    }

    /// Shared memory that a data set (not a tree) lives in from the start, laid out as an
    /// image: a batch update's new data is written there once and crosses to every child
    /// with no further copy. Freed, it becomes the spare (see `SpareMemory`).
    final class Storage {
        let memory: SharedMemory
        init(_ memory: SharedMemory) { self.memory = memory }
        deinit { SpareMemory.keep(memory) }
    }

    /// Makes room for new data sets in images (the spare when it fits, else a fresh one with
    /// a little room to grow); nil (so the data set allocates its own) if a memfd cannot be made.
    static let allocator: DataSetAllocator = { sections, items, valueBytes, metadataBytes in
        let counts = [sections + 1, items + 1, valueBytes, -1, -1, metadataBytes]
        guard
            let (memory, regions) = try? allocate(
                counts: counts, reusing: SpareMemory.take(SharedMemory.self, fitting: size(of: counts)),
                roomToGrow: true)
        else { return nil }
        return DataSetMemory(
            sectionStarts: UnsafeMutableBufferPointer(
                start: regions[0].assumingMemoryBound(to: Int64.self), count: sections + 1),
            itemOffsets: UnsafeMutableBufferPointer(
                start: regions[1].assumingMemoryBound(to: Int64.self), count: items + 1),
            valueBytes: UnsafeMutableRawBufferPointer(start: regions[2], count: valueBytes),
            metadataBytes: UnsafeMutableRawBufferPointer(start: regions[5], count: metadataBytes),
            owner: Storage(memory))
    }

    private static let elementSizes = [8, 8, 1, 8, 8, 1]

    /// The bytes an image of regions of `counts` elements takes.
    static func size(of counts: [Int]) -> Int {
        zip(counts, elementSizes).reduce(headerFields * 8) { $0 + ((max($1.0, 0) * $1.1 + 7) & ~7) }
    }

    /// An image with the header for regions of `counts` elements (8-byte ones for all but the
    /// value and metadata bytes; -1 for an absent region), and where each region starts: in
    /// `reused` memory when given (large enough), else in a fresh memfd — a sixteenth larger
    /// with `roomToGrow`, so that it can be the spare for a batch that adds.
    private static func allocate(counts: [Int], reusing reused: SharedMemory? = nil, roomToGrow: Bool = false)
        throws(ChannelError)
        -> (SharedMemory, [UnsafeMutableRawPointer])
    {
        var offsets: [Int] = []
        var size = headerFields * 8
        for (count, elementSize) in zip(counts, elementSizes) {
            offsets.append(size)
            size += (max(count, 0) * elementSize + 7) & ~7
        }
        let memory: SharedMemory
        if let reused, reused.size >= size {
            memory = reused
        } else {
            let capacity = roomToGrow ? SpareMemory.capacity(for: size) : size
            memory = try SharedMemory(creating: capacity, name: "workbench-data", populate: true)
        }
        let header = memory.base.assumingMemoryBound(to: Int64.self)
        header[0] = magic
        header[1] = Int64(counts[0] - 1)
        for (index, (offset, count)) in zip(offsets, counts).enumerated() {
            header[2 + 2 * index] = Int64(offset)
            header[3 + 2 * index] = Int64(count)
        }
        return (memory, offsets.map { memory.base + $0 })
    }

    /// The ABI's view of an image mapped in the child; nil if the image is malformed.
    static func source(in memory: SharedMemory) -> wb_data_source? {
        guard let headerBytes = memory.bytes(at: 0, count: headerFields * 8) else { return nil }
        let header = headerBytes.bindMemory(to: Int64.self)
        guard header[0] == magic, header[1] >= 0 else { return nil }
        func region(_ index: Int, elementSize: Int) -> UnsafeRawPointer?? {
            let offset = header[2 + 2 * index], count = header[3 + 2 * index]
            if count < 0 { return .some(nil) }
            guard offset >= 0, offset % 8 == 0, count <= Int64(Int.max / 8),
                let bytes = memory.bytes(at: Int(offset), count: Int(count) * elementSize)
            else { return nil }
            return .some(bytes.baseAddress)
        }
        let sections = Int(header[1])
        guard header[3] == Int64(sections + 1), let starts = region(0, elementSize: 8), let starts,
            let offsets = region(1, elementSize: 8), let offsets, let values = region(2, elementSize: 1),
            let childStarts = region(3, elementSize: 8), let children = region(4, elementSize: 8),
            let metadata = region(5, elementSize: 1)
        else { return nil }
        return wb_data_source(
            section_count: Int64(sections),
            section_starts: starts.assumingMemoryBound(to: Int64.self),
            value_bytes: values?.assumingMemoryBound(to: UInt8.self), value_length: header[7],
            item_offsets: offsets.assumingMemoryBound(to: Int64.self),
            child_starts: childStarts?.assumingMemoryBound(to: Int64.self),
            children: children?.assumingMemoryBound(to: Int64.self),
            metadata: metadata?.assumingMemoryBound(to: UInt8.self), metadata_length: header[13])
    }
}
