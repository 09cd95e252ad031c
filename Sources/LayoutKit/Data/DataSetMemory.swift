/// Room for a data set's arrays (not a tree's), made by whoever will read them: e.g. shared
/// memory a plugin process maps, so the data is written there once and never copied
/// again. `owner` keeps the memory alive for as long as the data set lives.
package struct DataSetMemory {
    package var sectionStarts: UnsafeMutableBufferPointer<Int64>
    package var itemOffsets: UnsafeMutableBufferPointer<Int64>
    package var valueBytes: UnsafeMutableRawBufferPointer
    package var metadataBytes: UnsafeMutableRawBufferPointer
    package var owner: AnyObject?

    package init(
        sectionStarts: UnsafeMutableBufferPointer<Int64>, itemOffsets: UnsafeMutableBufferPointer<Int64>,
        valueBytes: UnsafeMutableRawBufferPointer, metadataBytes: UnsafeMutableRawBufferPointer, owner: AnyObject?
    ) {
        self.sectionStarts = sectionStarts
        self.itemOffsets = itemOffsets
        self.valueBytes = valueBytes
        self.metadataBytes = metadataBytes
        self.owner = owner
    }

    /// Room of the data set's own (freed with it).
    package static func allocate(sections: Int, items: Int, valueBytes: Int, metadataBytes: Int) -> DataSetMemory {
        func bytes(_ count: Int) -> UnsafeMutableRawBufferPointer {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 8)
            return UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count])
        }
        return DataSetMemory(
            sectionStarts: .allocate(capacity: sections + 1), itemOffsets: .allocate(capacity: items + 1),
            valueBytes: bytes(valueBytes), metadataBytes: bytes(metadataBytes), owner: nil)
    }
}

/// Makes room for a data set of `sections` sections, `items` items, `valueBytes` encoded value
/// bytes and `metadataBytes` of metadata; nil to let the data set allocate its own.
package typealias DataSetAllocator =
    @Sendable (_ sections: Int, _ items: Int, _ valueBytes: Int, _ metadataBytes: Int) -> DataSetMemory?
