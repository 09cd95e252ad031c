import LayoutKit

extension BatchPlan {
    /// The data after the batch: old items' encoded bytes copied as they are, new values
    /// encoded, a tree's children kept (trees take only reloads), and a table's row titles
    /// (`metadata.rows`, one per section) moved with their sections. O(items + bytes).
    public func apply(to old: DataSource) -> DataSet {
        var builder = DataSetBuilder(isTree: old.isTree)
        builder.reserveCapacity(items: itemNewToOld.count)
        let noChildren = EmptyCollection<Int>()
        let reloadedFrom = old.isTree ? Dictionary(uniqueKeysWithValues: reloads.map { ($0.value, $0.key) }) : [:]
        for section in newSectionCounts.indices {
            for global in newSectionStarts[section]..<newSectionStarts[section + 1] {
                let source = itemNewToOld[global]
                if source >= 0 {
                    if old.isTree {
                        builder.appendEncoded(old.encodedValue(atGlobalIndex: source), children: old.childIndices(ofGlobalIndex: source))
                    } else {
                        builder.appendEncoded(old.encodedValue(atGlobalIndex: source), children: noChildren)
                    }
                } else if let reloaded = reloadedFrom[global] {
                    let encoded = ValueWriter.encode(newValues[global]!)
                    encoded.withUnsafeBytes { builder.appendEncoded($0, children: old.childIndices(ofGlobalIndex: reloaded)) }
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
        guard var map = metadata.map, let rows = map["rows"]?.list, rows.count == oldSectionCounts.count else { return metadata }
        map["rows"] = .list(sectionNewToOld.enumerated().map { section, old in
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
        if let columns = metadata["columns"]?.list, metadata["rows"]?.list != nil { return BatchRules(itemsPerSection: columns.count) }
        return BatchRules()
    }
}
