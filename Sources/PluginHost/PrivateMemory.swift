import LayoutKit
import Platform

/// Private memory of its own mapping, for the data a batch update makes for a layout in this
/// process; given to `SpareMemory` when its data set is gone.
final class PrivateMemory: ReusableMemory {
    let base: UnsafeMutableRawPointer
    let size: Int

    private init?(size: Int) {
        guard let mapped = mmap(nil, max(size, 1), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED
        else { return nil }
        base = mapped
        self.size = size
    }

    deinit { munmap(base, max(size, 1)) }

    /// Keeps a data set's block, and hands it to `SpareMemory` once the data set is gone.
    private final class Lease {
        let memory: PrivateMemory
        init(_ memory: PrivateMemory) { self.memory = memory }
        deinit { SpareMemory.keep(memory) }
    }

    /// Room for a large data set's arrays in one block (the spare when it fits); nil for small
    /// data (the data set allocates its own), or when a mapping cannot be made.
    static let allocator: DataSetAllocator = { sections, items, valueBytes, metadataBytes in
        let sizes = [(sections + 1) * 8, (items + 1) * 8, valueBytes, metadataBytes].map { ($0 + 7) & ~7 }
        let total = sizes.reduce(0, +)
        guard total >= SpareMemory.minimumSize,
            let memory = SpareMemory.take(PrivateMemory.self, fitting: total)
                ?? PrivateMemory(size: SpareMemory.capacity(for: total))
        else { return nil }
        var offset = 0
        let regions = sizes.map { bytes -> UnsafeMutableRawPointer in
            defer { offset += bytes }
            return memory.base + offset
        }
        return DataSetMemory(
            sectionStarts: UnsafeMutableBufferPointer(
                start: regions[0].assumingMemoryBound(to: Int64.self), count: sections + 1),
            itemOffsets: UnsafeMutableBufferPointer(
                start: regions[1].assumingMemoryBound(to: Int64.self), count: items + 1),
            valueBytes: UnsafeMutableRawBufferPointer(start: regions[2], count: valueBytes),
            metadataBytes: UnsafeMutableRawBufferPointer(start: regions[3], count: metadataBytes), owner: Lease(memory))
    }
}
