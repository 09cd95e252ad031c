internal import CLayoutABI
import LayoutKit

/// A `DataSet` copied into shared memory, for a plugin host child to map: a header of
/// (offset, count) pairs, then the arrays, each 8-byte aligned.
///
/// The parent writes it once per data set; the child checks every offset against the
/// mapping before it builds the `wb_data_source` that points into it.
enum DataImage {
    static let magic: Int64 = 0x5742_4441_5441_0001
    static let headerFields = 14

    /// Copies `data` into a fresh memfd.
    static func make(_ data: DataSet) throws(ChannelError) -> SharedMemory {
        var layout: [(offset: Int, count: Int)] = []
        var size = headerFields * 8
        func reserve(_ bytes: Int, count: Int) {
            layout.append((size, count))
            size += (bytes + 7) & ~7
        }
        reserve(data.sectionStarts.count * 8, count: data.sectionStarts.count)
        reserve(data.itemOffsets.count * 8, count: data.itemOffsets.count)
        reserve(data.valueBytes.count, count: data.valueBytes.count)
        reserve((data.childStarts?.count ?? 0) * 8, count: data.childStarts?.count ?? -1)
        reserve((data.children?.count ?? 0) * 8, count: data.children?.count ?? -1)
        reserve(data.metadataBytes.count, count: data.metadataBytes.count)
        let memory = try SharedMemory(creating: size, name: "workbench-data")
        let header = memory.base.assumingMemoryBound(to: Int64.self)
        header[0] = magic
        header[1] = Int64(data.sectionStarts.count - 1)
        for (index, region) in layout.enumerated() {
            header[2 + 2 * index] = Int64(region.offset)
            header[3 + 2 * index] = Int64(region.count)
        }
        func copy(_ source: UnsafeRawBufferPointer?, to region: Int) {
            guard let source, let address = source.baseAddress, source.count > 0 else { return }
            (memory.base + layout[region].offset).copyMemory(from: address, byteCount: source.count)
        }
        copy(UnsafeRawBufferPointer(data.sectionStarts), to: 0)
        copy(UnsafeRawBufferPointer(data.itemOffsets), to: 1)
        copy(UnsafeRawBufferPointer(data.valueBytes), to: 2)
        copy(data.childStarts.map { UnsafeRawBufferPointer($0) }, to: 3)
        copy(data.children.map { UnsafeRawBufferPointer($0) }, to: 4)
        copy(UnsafeRawBufferPointer(data.metadataBytes), to: 5)
        return memory
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
                  let bytes = memory.bytes(at: Int(offset), count: Int(count) * elementSize) else { return nil }
            return .some(bytes.baseAddress)
        }
        let sections = Int(header[1])
        guard header[3] == Int64(sections + 1), let starts = region(0, elementSize: 8), let starts,
              let offsets = region(1, elementSize: 8), let offsets, let values = region(2, elementSize: 1),
              let childStarts = region(3, elementSize: 8), let children = region(4, elementSize: 8),
              let metadata = region(5, elementSize: 1) else { return nil }
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
