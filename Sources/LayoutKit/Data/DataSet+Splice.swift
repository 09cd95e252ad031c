/// One piece of a spliced data set: a run of another data set's items, or one new item.
package enum DataPiece: Sendable {
    /// The items at these global indices of the source, their encoded bytes as they are.
    case items(Range<Int>)
    /// One item, already encoded.
    case encoded([UInt8])
}

extension DataSet {
    /// A data set (not a tree) made of `pieces` in order, taken from `source` or given, cut
    /// into sections at `sectionStarts` (global item indices, from 0 to the item count).
    ///
    /// Each byte is written once, straight into the new data set's own buffers: a batch
    /// update that changes one item of a million costs one copy of the data, no more.
    /// O(pieces + items + bytes).
    package static func spliced(
        _ pieces: [DataPiece], of source: DataSource, sectionStarts: [Int64], metadata: [UInt8],
        allocator: DataSetAllocator? = nil
    ) -> DataSet {
        precondition(!source.isTree, "trees are built item by item, with their children")
        var items = 0, bytes = 0
        for piece in pieces {
            switch piece {
            case .items(let range):
                items += range.count
                bytes += Int(source.itemOffsets[range.upperBound] - source.itemOffsets[range.lowerBound])
            case .encoded(let encoded):
                items += 1
                bytes += encoded.count
            }
        }
        precondition(
            sectionStarts.first == 0 && sectionStarts.last == Int64(items), "the sections must cover the pieces' items")
        let sections = sectionStarts.count - 1
        let memory =
            allocator?(sections, items, bytes, metadata.count)
            ?? .allocate(sections: sections, items: items, valueBytes: bytes, metadataBytes: metadata.count)
        _ = memory.sectionStarts.initialize(from: sectionStarts)
        metadata.withUnsafeBytes {
            if let address = $0.baseAddress, $0.count > 0 {
                memory.metadataBytes.baseAddress!.copyMemory(from: address, byteCount: $0.count)
            }
        }
        let offsets = memory.itemOffsets, values = memory.valueBytes
        offsets[0] = 0
        var item = 0, byte = 0
        for piece in pieces {
            switch piece {
            case .items(let range):
                guard !range.isEmpty else { continue }
                let start = source.itemOffsets[range.lowerBound], end = source.itemOffsets[range.upperBound]
                if end > start, let base = source.values.base {
                    (values.baseAddress! + byte).copyMemory(from: base + Int(start), byteCount: Int(end - start))
                }
                let shift = Int64(byte) - start
                let from = source.itemOffsets + range.lowerBound + 1, to = offsets.baseAddress! + item + 1
                for index in 0..<range.count { to[index] = from[index] + shift }
                item += range.count
                byte += Int(end - start)
            case .encoded(let encoded):
                encoded.withUnsafeBytes {
                    if let address = $0.baseAddress {
                        (values.baseAddress! + byte).copyMemory(from: address, byteCount: $0.count)
                    }
                }
                byte += encoded.count
                item += 1
                offsets[item] = Int64(byte)
            }
        }
        return DataSet(memory)
    }
}
