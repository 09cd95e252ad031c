/// The data a layout lays out: sections of items, each item a `Value`; for trees, each
/// item's children; and metadata about the whole source (e.g. a table's column titles).
///
/// A read-only view of flat arrays (the plugin ABI's `wb_data_source`): reading an item
/// decodes it on demand, and `number(at:field:)` allocates nothing.
public struct DataSource: @unchecked Sendable {
    // Unchecked: immutable memory, kept alive by `owner` or, in a plugin, by the host until the next prepare.
    let sectionStarts: UnsafePointer<Int64>
    /// How many sections there are.
    public let numberOfSections: Int
    let itemOffsets: UnsafePointer<Int64>
    let values: ValueReader
    let childStarts: UnsafePointer<Int64>?
    let children: UnsafePointer<Int64>?
    let metadataReader: ValueReader
    let owner: AnyObject?

    /// The number of items in `section`.
    public func numberOfItems(inSection section: Int) -> Int {
        precondition(section >= 0 && section < numberOfSections, "section \(section) out of range")
        return Int(sectionStarts[section + 1] - sectionStarts[section])
    }

    /// The number of items in all sections.
    public var numberOfItems: Int { Int(sectionStarts[numberOfSections]) }

    /// The item's value, decoded.
    public func value(at path: ItemPath) -> Value {
        values.value(at: Int(itemOffsets[globalIndex(of: path)]))
    }

    /// The item if it is a number, or its `field` if it is a map holding a number there.
    public func number(at path: ItemPath, field: String? = nil) -> Double? {
        values.number(at: Int(itemOffsets[globalIndex(of: path)]), field: field)
    }

    /// Whether items have children (a `tree` source).
    public var isTree: Bool { childStarts != nil }

    /// The item's children, in order; empty for leaves and for sources that are not trees.
    public func children(of path: ItemPath) -> [ItemPath] {
        guard let childStarts, let children else { return [] }
        let index = globalIndex(of: path)
        return (Int(childStarts[index])..<Int(childStarts[index + 1])).map {
            itemPath(ofGlobalIndex: Int(children[$0]))
        }
    }

    /// The global indices of the item at global index `index`'s children; empty for leaves
    /// and sources that are not trees. Allocates nothing.
    public func childIndices(ofGlobalIndex index: Int) -> ChildIndices {
        guard let childStarts, let children else { return ChildIndices(base: nil, startIndex: 0, endIndex: 0) }
        return ChildIndices(base: children, startIndex: Int(childStarts[index]), endIndex: Int(childStarts[index + 1]))
    }

    /// Metadata about the whole source; `.map([:])` when there is none.
    public var metadata: Value {
        metadataReader.count == 0 ? .map([:]) : metadataReader.value(at: 0)
    }

    /// The item's position counting all sections' items in order.
    public func globalIndex(of path: ItemPath) -> Int {
        precondition(path.item >= 0 && path.item < numberOfItems(inSection: path.section), "item \(path) out of range")
        return Int(sectionStarts[path.section]) + path.item
    }

    /// The global index of a section's first item.
    public func globalIndex(ofSection section: Int) -> Int {
        Int(sectionStarts[section])
    }

    /// The index path of the item at a global position (O(log sections)).
    public func itemPath(ofGlobalIndex index: Int) -> ItemPath {
        var low = 0, high = numberOfSections  // find the last section whose start <= index
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(sectionStarts[middle]) <= index { low = middle } else { high = middle }
        }
        return ItemPath(section: low, item: index - Int(sectionStarts[low]))
    }
}

extension DataSource {
    /// The bytes all items take, encoded.
    package var encodedByteCount: Int { numberOfItems == 0 ? 0 : Int(itemOffsets[numberOfItems] - itemOffsets[0]) }

    /// The encoded bytes of the item at global index `index`, without decoding them.
    package func encodedValue(atGlobalIndex index: Int) -> UnsafeRawBufferPointer {
        let start = Int(itemOffsets[index]), end = Int(itemOffsets[index + 1])
        guard let base = values.base else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base + start, count: end - start)
    }
}

/// A tree item's children as global item indices: a view of the data, valid as long as it.
public struct ChildIndices: RandomAccessCollection, @unchecked Sendable {
    // Unchecked: a read-only view of immutable memory.
    let base: UnsafePointer<Int64>?
    public let startIndex: Int
    public let endIndex: Int

    public subscript(position: Int) -> Int { Int(base![position]) }
}
