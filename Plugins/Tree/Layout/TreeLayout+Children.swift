import LayoutKit

/// The cells' `children` field, value-encoded straight into a buffer: `{children: [[section,
/// item]…]}`, with no `Value` built and nothing allocated per cell.
extension TreeLayout {
    /// The size of `{children: [[section, item] × count]}` in the value encoding.
    static func childrenByteCount(_ count: Int) -> Int { 30 + 27 * count }

    /// `{children: [` with its counts zero: map tag, 1 entry, byte count; the key; list tag,
    /// count, byte count.
    private static let childrenHeader: StaticString = "\u{6}\u{1}\0\0\0\0\0\0\0\u{8}\0\0\0children\u{5}\0\0\0\0\0\0\0\0"

    /// `[` of a two-number list, then the first number's tag.
    private static let pairHeader: StaticString = "\u{5}\u{2}\0\0\0\u{12}\0\0\0\u{3}"

    func childCount(of index: Int, _ node: TreePlacement.Node) -> Int {
        placement.childrenAreConsecutive ? Int(node.childCount) : data.childIndices(ofGlobalIndex: index).count
    }

    /// Writes the field for the node at global `index` (in `section`) at `offset` of `raw`;
    /// returns the offset past it.
    func writeChildren(
        of index: Int, _ node: TreePlacement.Node, section: Int, in data: DataSource,
        into raw: UnsafeMutableRawBufferPointer, at offset: Int
    ) -> Int {
        let count = childCount(of: index, node)
        let base = raw.baseAddress! + offset
        base.copyMemory(from: Self.childrenHeader.utf8Start, byteCount: 30)
        base.storeBytes(of: UInt32(truncatingIfNeeded: 21 + 27 * count).littleEndian, toByteOffset: 5, as: UInt32.self)
        base.storeBytes(of: UInt32(truncatingIfNeeded: count).littleEndian, toByteOffset: 22, as: UInt32.self)
        base.storeBytes(of: UInt32(truncatingIfNeeded: 27 * count).littleEndian, toByteOffset: 26, as: UInt32.self)
        var cursor = offset + 30
        func pair(_ path: ItemPath) {
            let pair = raw.baseAddress! + cursor
            pair.copyMemory(from: Self.pairHeader.utf8Start, byteCount: 10)
            pair.storeBytes(of: Double(path.section).bitPattern.littleEndian, toByteOffset: 10, as: UInt64.self)
            pair.storeBytes(of: 3, toByteOffset: 18, as: UInt8.self)
            pair.storeBytes(of: Double(path.item).bitPattern.littleEndian, toByteOffset: 19, as: UInt64.self)
            cursor += 27
        }
        if placement.childrenAreConsecutive {
            guard count > 0 else { return cursor }
            // In a tree the children are in the next section: no search for their section.
            let first = Int(node.firstChild), next = section + 1
            let path =
                next < data.numberOfSections && first >= data.globalIndex(ofSection: next)
                    && first - data.globalIndex(ofSection: next) < data.numberOfItems(inSection: next)
                ? ItemPath(section: next, item: first - data.globalIndex(ofSection: next))
                : data.itemPath(ofGlobalIndex: first)
            let sectionCount = data.numberOfItems(inSection: path.section)
            for offset in 0..<count {
                let item = path.item + offset  // children share a section, unless the source is not a real tree
                pair(
                    item < sectionCount
                        ? ItemPath(section: path.section, item: item)
                        : data.itemPath(ofGlobalIndex: Int(node.firstChild) + offset))
            }
        } else {
            for child in data.childIndices(ofGlobalIndex: index) { pair(data.itemPath(ofGlobalIndex: child)) }
        }
        return cursor
    }
}
