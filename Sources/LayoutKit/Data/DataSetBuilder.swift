/// Builds a `DataSet` section by section.
///
///     var builder = DataSetBuilder()
///     builder.append(120); builder.append(160)
///     builder.endSection()
///     let data = builder.build()
public struct DataSetBuilder: Sendable {
    private var sectionStarts: [Int64] = [0]
    private var itemOffsets: [Int64] = [0]
    private var writer = ValueWriter()
    private var childStarts: [Int64]?
    private var children: [Int64] = []
    /// Metadata about the whole source (e.g. `columns`); must be a map.
    public var metadata: Value = .map([:])

    /// - Parameter isTree: whether items will be given children.
    public init(isTree: Bool = false) {
        if isTree { childStarts = [0] }
    }

    /// The number of items appended so far, in all sections.
    public var itemCount: Int { itemOffsets.count - 1 }

    /// Appends an item to the current section; `children` are global item indices (trees only).
    public mutating func append(_ value: Value, children: [Int] = []) {
        writer.write(value)
        finishItem(children: children)
    }

    /// Appends a number item without building a `Value`.
    public mutating func appendNumber(_ number: Double) {
        writer.writeNumber(number)
        finishItem(children: [])
    }

    /// Appends an item whose value is already encoded (copied from another data set), with
    /// `children` as global item indices (trees only).
    package mutating func appendEncoded(_ encoded: UnsafeRawBufferPointer, children: some Collection<Int>) {
        writer.writeEncoded(encoded)
        itemOffsets.append(Int64(writer.bytes.count))
        if childStarts != nil {
            for child in children { self.children.append(Int64(child)) }
            childStarts!.append(Int64(self.children.count))
        }
    }

    /// Reserves room for `items` more items of `bytes` encoded bytes in all.
    package mutating func reserveCapacity(items: Int, bytes: Int = 0) {
        itemOffsets.reserveCapacity(itemOffsets.count + items)
        writer.reserveCapacity(bytes)
    }

    /// Closes the current section; the next item starts a new one.
    public mutating func endSection() {
        sectionStarts.append(Int64(itemCount))
    }

    public func build() -> DataSet {
        DataSet(
            sectionStarts: sectionStarts, itemOffsets: itemOffsets, valueBytes: writer.bytes,
            childStarts: childStarts, children: childStarts == nil ? nil : children,
            metadata: ValueWriter.encode(metadata))
    }

    private mutating func finishItem(children newChildren: [Int]) {
        itemOffsets.append(Int64(writer.bytes.count))
        if childStarts != nil {
            children.append(contentsOf: newChildren.map(Int64.init))
            childStarts!.append(Int64(children.count))
        }
    }
}

extension DataSet {
    /// A data set of one section per element of `sections`.
    public static func sections(_ sections: [[Value]]) -> DataSet {
        var builder = DataSetBuilder()
        for section in sections {
            for item in section { builder.append(item) }
            builder.endSection()
        }
        return builder.build()
    }

    /// A data set of one section.
    public static func items(_ items: [Value]) -> DataSet { sections([items]) }

    /// No sections at all.
    public static let empty = DataSet.sections([])
}
