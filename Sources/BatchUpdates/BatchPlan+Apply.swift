import LayoutKit

extension BatchPlan {
    /// The data after the batch: old items' encoded bytes copied as they are, new values
    /// encoded, a tree's children kept (trees take only reloads), and a table's row titles
    /// (`metadata.rows`, one per section) moved with their sections. O(items + bytes).
    public func apply(to old: DataSource) -> DataSet {
        var builder = DataSetBuilder(isTree: old.isTree)
        builder.reserveCapacity(items: itemNewToOld.count, bytes: old.encodedByteCount + 16 * newValues.count)
        if old.isTree {
            appendTree(from: old, to: &builder)
        } else {
            for section in newSectionCounts.indices { appendSection(section, from: old, to: &builder) }
        }
        builder.metadata = newMetadata(old.metadata)
        return builder.build()
    }

    /// A tree's sections, item by item: only reloads reach trees, and each item keeps its children.
    private func appendTree(from old: DataSource, to builder: inout DataSetBuilder) {
        let reloadedFrom = Dictionary(uniqueKeysWithValues: reloads.map { ($0.value, $0.key) })
        for section in newSectionCounts.indices {
            for global in newSectionStarts[section]..<newSectionStarts[section + 1] {
                let source = itemNewToOld[global]
                if source >= 0 {
                    builder.appendEncoded(old.encodedValue(atGlobalIndex: source), children: old.childIndices(ofGlobalIndex: source))
                } else if let reloaded = reloadedFrom[global] {
                    let encoded = ValueWriter.encode(newValues[global]!)
                    encoded.withUnsafeBytes { builder.appendEncoded($0, children: old.childIndices(ofGlobalIndex: reloaded)) }
                } else {
                    builder.append(newValues[global]!)
                }
            }
            builder.endSection()
        }
    }

    /// New section `section` of data that is not a tree: runs of old items that stay together
    /// are copied in one piece each.
    private func appendSection(_ section: Int, from old: DataSource, to builder: inout DataSetBuilder) {
        var global = newSectionStarts[section]
        let end = newSectionStarts[section + 1]
        while global < end {
            let source = itemNewToOld[global]
            guard source >= 0 else {
                builder.append(newValues[global]!)
                global += 1
                continue
            }
            var runEnd = global + 1
            while runEnd < end && itemNewToOld[runEnd] == itemNewToOld[runEnd - 1] + 1 { runEnd += 1 }
            builder.appendEncodedItems(of: old, globalRange: source..<(source + runEnd - global))
            global = runEnd
        }
        builder.endSection()
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
