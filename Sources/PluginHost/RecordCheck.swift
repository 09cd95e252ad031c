package import CLayoutABI
import LayoutKit

/// The boundary check on every record a plugin writes: a category and a kind it declared,
/// an index path that exists, finite numbers, non-negative sizes, an alpha in 0…1, extra
/// fields that are one whole value-encoded map. Order and rect violations are repaired
/// (sorted, dropped) and reported in `RecordRepairs`; anything else is an error naming the
/// element and the field.
///
/// Index paths: a cell's must exist in the prepared data; a supplementary or decoration
/// view's must be non-negative (layouts place headers at paths of their own, as UIKit allows).
package struct RecordCheck {
    let plugin: String
    let kinds: [ElementKind]
    /// Each kind's position among the kinds sorted by name: canonical order compares names.
    let kindRank: [Int]

    /// - Parameter kinds: the kinds the instance's records index (`InstanceFacts.kinds(of:)`).
    package init(plugin: LoadedPlugin, kinds: [ElementKind]) {
        self.plugin = plugin.name
        self.kinds = kinds
        let sorted = kinds.indices.sorted { kinds[$0].name < kinds[$1].name }
        var rank = [Int](repeating: 0, count: kinds.count)
        for (position, index) in sorted.enumerated() { rank[index] = position }
        kindRank = rank
    }

    /// Checks `records` (and the extra bytes they point into); with `rect`, also that each
    /// intersects it. Returns the records in canonical order.
    package func check(
        _ records: UnsafeBufferPointer<wb_attributes>, extras: UnsafeRawBufferPointer, data: DataSource?,
        rect: Rect?
    ) throws(PluginCallError) -> (order: [Int32]?, repairs: RecordRepairs) {
        var repairs: RecordRepairs = []
        var outside: [Int] = []
        var previous: (Int, Int, Int64, Int64)?
        for index in records.indices {
            let record = records[index]
            try checkIdentity(record, data: data)
            try checkFields(record, extras: extras)
            let key = sortKey(record)
            if let previous, !(previous < key) { repairs.insert(.reordered) }
            previous = key
            if let rect, !Rect(record.frame).intersects(rect) { outside.append(index) }
        }
        if !outside.isEmpty { repairs.insert(.outsideRect) }
        guard !repairs.isEmpty else { return (nil, []) }
        var isOutside = [Bool](repeating: false, count: records.count)
        for index in outside { isOutside[index] = true }
        var kept = records.indices.filter { !isOutside[$0] }.map { Int32($0) }
        if repairs.contains(.reordered) {
            kept.sort { sortKey(records[Int($0)]) < sortKey(records[Int($1)]) }
        }
        return (kept, repairs)
    }

    private func sortKey(_ record: wb_attributes) -> (Int, Int, Int64, Int64) {
        let category = Int(record.element.category)
        return (
            category, category == 0 ? -1 : kindRank[Int(record.element.kind)], record.element.section,
            record.element.item
        )
    }

    /// The record's element as a phrase for errors: "cell [0, 3]", "supplementary 'connector' [1, 2]".
    func name(of element: wb_element) -> String {
        let path = "[\(element.section), \(element.item)]"
        switch Int(element.category) {
        case 0: return "cell \(path)"
        case 1, 2:
            let category = element.category == 1 ? "supplementary" : "decoration"
            let kind = element.kind >= 0 && Int(element.kind) < kinds.count ? " '\(kinds[Int(element.kind)].name)'" : ""
            return "\(category)\(kind) \(path)"
        default: return "an element of category \(element.category) at \(path)"
        }
    }

    /// Category, kind and index path.
    func checkIdentity(_ record: wb_attributes, data: DataSource?) throws(PluginCallError) {
        let element = record.element
        func bad(_ field: String, _ problem: String) -> PluginCallError {
            .badRecord(plugin: plugin, element: name(of: element), field: field, problem: problem)
        }
        guard let category = ElementCategory(rawValue: Int(element.category)) else {
            throw bad("category", "\(element.category) is not 0 (cell), 1 (supplementary) or 2 (decoration)")
        }
        if category == .cell {
            guard element.kind == -1 else { throw bad("kind", "a cell has kind -1, got \(element.kind)") }
        } else {
            guard element.kind >= 0, Int(element.kind) < kinds.count, kinds[Int(element.kind)].category == category
            else {
                let declared = kinds.indices.filter { kinds[$0].category == category }.map {
                    "\($0) (\(kinds[$0].name))"
                }
                throw bad(
                    "kind",
                    "\(element.kind) is not a declared \(category.name) kind"
                        + (declared.isEmpty
                            ? " (the plugin declares none)" : " (declared: \(declared.joined(separator: ", ")))"))
            }
        }
        guard element.section >= 0 else { throw bad("section", "\(element.section) is negative") }
        guard element.item >= 0 else { throw bad("item", "\(element.item) is negative") }
        guard category == .cell, let data else { return }
        guard element.section < Int64(data.numberOfSections) else {
            throw bad("section", "section \(element.section) does not exist (the data has \(data.numberOfSections))")
        }
        let items = data.numberOfItems(inSection: Int(element.section))
        guard element.item < Int64(items) else {
            throw bad("item", "item \(element.item) does not exist (section \(element.section) has \(items))")
        }
    }

    /// Frame, alpha and extra fields.
    func checkFields(_ record: wb_attributes, extras: UnsafeRawBufferPointer) throws(PluginCallError) {
        func bad(_ field: String, _ problem: String) -> PluginCallError {
            .badRecord(plugin: plugin, element: name(of: record.element), field: field, problem: problem)
        }
        let frame = record.frame
        guard frame.x.isFinite, frame.y.isFinite, frame.width.isFinite, frame.height.isFinite else {
            for (field, value) in [
                ("frame.x", frame.x), ("frame.y", frame.y), ("frame.width", frame.width),
                ("frame.height", frame.height),
            ]
            where !value.isFinite { throw bad(field, "\(value) is not a finite number") }
            return
        }
        guard frame.width >= 0 else { throw bad("frame.width", "\(frame.width.compactDescription) is negative") }
        guard frame.height >= 0 else { throw bad("frame.height", "\(frame.height.compactDescription) is negative") }
        guard record.alpha.isFinite, (0...1).contains(record.alpha) else {
            throw bad("alpha", "\(record.alpha) is not a number from 0 to 1")
        }
        guard record.extra_length > 0 else { return }
        guard record.extra_offset <= UInt64(extras.count),
            record.extra_length <= UInt64(extras.count) - record.extra_offset
        else {
            throw bad(
                "extra",
                "bytes \(record.extra_offset)+\(record.extra_length) lie outside the \(extras.count) extra bytes written"
            )
        }
        let bytes = UnsafeRawBufferPointer(
            rebasing: extras[Int(record.extra_offset)..<Int(record.extra_offset + record.extra_length)])
        guard ValueReader(bytes).isOneWholeMap else { throw bad("extra", "the bytes are not one value-encoded map") }
    }
}
