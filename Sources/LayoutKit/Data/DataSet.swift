/// Owns the flat arrays behind a `DataSource` (the host's side of the plugin ABI).
///
/// Immutable once built; build one with `DataSetBuilder`.
public final class DataSet: @unchecked Sendable {
    // Unchecked: the buffers are written once in init and only read after.
    package let sectionStarts: UnsafeMutableBufferPointer<Int64>
    package let itemOffsets: UnsafeMutableBufferPointer<Int64>
    package let valueBytes: UnsafeMutableRawBufferPointer
    package let childStarts: UnsafeMutableBufferPointer<Int64>?
    package let children: UnsafeMutableBufferPointer<Int64>?
    package let metadataBytes: UnsafeMutableRawBufferPointer
    /// What keeps the arrays alive when they live in memory the data set does not own (see
    /// `DataSetMemory`); nil when the data set allocated them itself.
    package let owner: AnyObject?

    init(
        sectionStarts: [Int64], itemOffsets: [Int64], valueBytes: [UInt8],
        childStarts: [Int64]?, children: [Int64]?, metadata: [UInt8]
    ) {
        self.sectionStarts = .copy(sectionStarts)
        self.itemOffsets = .copy(itemOffsets)
        self.valueBytes = .copyBytes(valueBytes)
        self.childStarts = childStarts.map { .copy($0) }
        self.children = children.map { .copy($0) }
        self.metadataBytes = .copyBytes(metadata)
        owner = nil
    }

    /// Takes buffers already filled (see `DataSet.spliced`): its own to free, or `memory`'s.
    init(_ memory: DataSetMemory) {
        sectionStarts = memory.sectionStarts
        itemOffsets = memory.itemOffsets
        valueBytes = memory.valueBytes
        childStarts = nil
        children = nil
        metadataBytes = memory.metadataBytes
        owner = memory.owner
    }

    deinit {
        guard owner == nil else { return }
        sectionStarts.deallocate()
        itemOffsets.deallocate()
        valueBytes.deallocate()
        childStarts?.deallocate()
        children?.deallocate()
        metadataBytes.deallocate()
    }

    /// A view of this data that keeps it alive.
    public var source: DataSource {
        DataSource(
            sectionStarts: UnsafePointer(sectionStarts.baseAddress!),
            numberOfSections: sectionStarts.count - 1,
            itemOffsets: UnsafePointer(itemOffsets.baseAddress!),
            values: ValueReader(UnsafeRawBufferPointer(valueBytes)),
            childStarts: childStarts.map { UnsafePointer($0.baseAddress!) },
            children: children.map { UnsafePointer($0.baseAddress!) },
            metadataReader: ValueReader(UnsafeRawBufferPointer(metadataBytes)),
            owner: self)
    }
}

extension DataSet {
    /// Whether `other` holds exactly the same sections, items (encoded bytes), children and
    /// metadata. O(size).
    package func hasSameContents(as other: DataSet) -> Bool {
        func same(_ a: UnsafeMutableBufferPointer<Int64>?, _ b: UnsafeMutableBufferPointer<Int64>?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return a.elementsEqual(b)
        }
        return same(sectionStarts, other.sectionStarts) && same(itemOffsets, other.itemOffsets)
            && same(childStarts, other.childStarts)
            && same(children, other.children) && valueBytes.elementsEqual(other.valueBytes)
            && metadataBytes.elementsEqual(other.metadataBytes)
    }
}

extension UnsafeMutableBufferPointer where Element == Int64 {
    fileprivate static func copy(_ array: [Int64]) -> Self {
        let buffer = Self.allocate(capacity: Swift.max(array.count, 1))
        _ = buffer.initialize(from: array)
        return Self(rebasing: buffer[0..<array.count])
    }
}

extension UnsafeMutableRawBufferPointer {
    fileprivate static func copyBytes(_ bytes: [UInt8]) -> Self {
        let buffer = Self.allocate(byteCount: Swift.max(bytes.count, 1), alignment: 8)
        buffer.copyBytes(from: bytes)
        return Self(rebasing: buffer[0..<bytes.count])
    }
}
