import LayoutKit

extension BatchPlan {
    /// The data after the batch: runs of old items' encoded bytes copied as they are, new
    /// values encoded, a tree's children kept (trees take only reloads), and a table's row
    /// titles (`metadata.rows`, one per section) moved with their sections. One copy of the
    /// data, O(items + bytes) with no work per item beyond it (O(runs + changes) pieces),
    /// into memory from `allocator` when given (trees: always their own).
    public func apply(to old: DataSource) -> DataSet {
        apply(to: old, allocator: nil)
    }

    package func apply(to old: DataSource, allocator: DataSetAllocator?) -> DataSet {
        if old.isTree { return applyToTree(old) }
        var pieces: [DataPiece] = []
        pieces.reserveCapacity(itemRuns.count + newValues.count)
        var global = 0
        for run in itemRuns {
            appendNewValues(upTo: run.new, from: &global, to: &pieces)
            pieces.append(.items(run.old..<(run.old + run.count)))
            global = run.new + run.count
        }
        appendNewValues(upTo: newItemCount, from: &global, to: &pieces)
        return DataSet.spliced(
            pieces, of: old, sectionStarts: newSectionStarts.map(Int64.init),
            metadata: ValueWriter.encode(newMetadata(old.metadata)), allocator: allocator)
    }

    /// The new values at new global positions `global ..< end` (between two runs: every one
    /// there is inserted or reloaded).
    private func appendNewValues(upTo end: Int, from global: inout Int, to pieces: inout [DataPiece]) {
        while global < end {
            pieces.append(.encoded(ValueWriter.encode(newValues[global]!)))
            global += 1
        }
    }

    /// A tree's sections, item by item: only reloads reach trees, and each item keeps its children.
    private func applyToTree(_ old: DataSource) -> DataSet {
        var builder = DataSetBuilder(isTree: true)
        builder.reserveCapacity(items: newItemCount, bytes: old.encodedByteCount + 16 * newValues.count)
        let reloadedFrom = Dictionary(uniqueKeysWithValues: reloads.map { ($0.value, $0.key) })
        let newToOld = itemNewToOld
        for section in newSectionCounts.indices {
            for global in newSectionStarts[section]..<newSectionStarts[section + 1] {
                let source = newToOld[global]
                if source >= 0 {
                    builder.appendEncoded(
                        old.encodedValue(atGlobalIndex: source), children: old.childIndices(ofGlobalIndex: source))
                } else if let reloaded = reloadedFrom[global] {
                    let encoded = ValueWriter.encode(newValues[global]!)
                    encoded.withUnsafeBytes {
                        builder.appendEncoded($0, children: old.childIndices(ofGlobalIndex: reloaded))
                    }
                } else {
                    builder.append(newValues[global]!)
                }
            }
            builder.endSection()
        }
        builder.metadata = newMetadata(old.metadata)
        return builder.build()
    }

    /// A table's `rows` titles follow their sections; inserted rows take their `title`
    /// (or "Row n"). Other metadata is kept.
    func newMetadata(_ metadata: Value) -> Value {
        guard var map = metadata.map, let rows = map["rows"]?.list, rows.count == oldSectionCounts.count else {
            return metadata
        }
        map["rows"] = .list(
            sectionNewToOld.enumerated().map { section, old in
                old >= 0 ? rows[old] : .string(sectionTitles[section] ?? "Row \(section + 1)")
            })
        return .map(map)
    }
}

extension DataSource {
    /// The number of items in each section.
    public var sectionCounts: [Int] { (0..<numberOfSections).map { numberOfItems(inSection: $0) } }

    /// The rules a batch must follow on this data: trees take only reloads; a table's rows
    /// (metadata with `columns`) keep one item per column.
    public var batchRules: BatchRules {
        if isTree { return BatchRules(allowsStructuralChanges: false) }
        if let columns = metadata["columns"]?.list, metadata["rows"]?.list != nil {
            return BatchRules(itemsPerSection: columns.count)
        }
        return BatchRules()
    }
}
