internal import CLayoutABI
import LayoutKit

/// A rect query's answer as the plugin wrote it — flat records in the host's buffer — for
/// callers that serialise without building `LayoutAttributes` (the server's hot path).
/// Valid only inside `PluginLayout.withElementRecords`.
public struct AttributesRecords {
    /// One record's plain fields.
    public struct Record {
        public var category: ElementCategory
        /// Index into `kindNames`; -1 for cells.
        public var kind: Int
        public var section: Int
        public var item: Int
        public var frame: Rect
        public var zIndex: Int
        public var alpha: Double
        public var isHidden: Bool
        public var hasExtraFields: Bool
    }

    let records: UnsafeBufferPointer<wb_attributes>
    /// The plugin's kind names, by kind index.
    public let kindNames: [String]

    public var count: Int { records.count }

    public subscript(index: Int) -> Record {
        let record = records[index]
        return Record(
            category: ElementCategory(rawValue: Int(record.element.category)) ?? .cell, kind: Int(record.element.kind),
            section: Int(record.element.section), item: Int(record.element.item), frame: Rect(record.frame),
            zIndex: Int(record.z_index), alpha: record.alpha, isHidden: record.is_hidden != 0, hasExtraFields: record.extra_length > 0)
    }

    /// Whether every record is well formed, has no extra fields, and comes in canonical order
    /// (kinds compared by name): then the records can be written out as they are.
    public var isPlainAndCanonical: Bool {
        let rank = kindNames.indices.sorted { kindNames[$0] < kindNames[$1] }.enumerated()
            .reduce(into: [Int](repeating: 0, count: kindNames.count)) { $0[$1.element] = $1.offset }
        var previous: (Int, Int, Int64, Int64)?
        for record in records {
            let category = Int(record.element.category), kind = Int(record.element.kind)
            guard record.extra_length == 0, (0...2).contains(category),
                  category == 0 ? kind == -1 : (kind >= 0 && kind < kindNames.count) else { return false }
            let key = (category, category == 0 ? -1 : rank[kind], record.element.section, record.element.item)
            if let previous, !(previous < key) { return false }
            previous = key
        }
        return true
    }
}

extension PluginLayout {
    /// Runs `body` on the raw records of the elements intersecting `rect`, or returns nil if
    /// the plugin failed.
    public func withElementRecords<T>(in rect: Rect, _ body: (AttributesRecords) -> T) -> T? {
        buffer.reset()
        guard functions.elements_in_rect(handle, rect.abi, buffer.sink) == Int32(WB_OK) else { return nil }
        return body(AttributesRecords(records: buffer.records, kindNames: kindNames))
    }
}
