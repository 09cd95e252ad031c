package import CLayoutABI
import LayoutKit

/// A rect query's answer as the plugin wrote it — flat records and their extra bytes — checked,
/// and put in canonical order (and inside the rect) by an index when the plugin did not.
/// Lets callers serialise without building `LayoutAttributes` (the server's hot path).
/// Valid only inside `PluginInstance.withElements`.
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
    let extras: UnsafeRawBufferPointer
    /// The records to show, in order, when that is not simply all of them as written.
    let order: [Int32]?
    /// The plugin's kind names, by kind index.
    public let kindNames: [String]
    /// What the host had to put right.
    public let repairs: RecordRepairs
    /// The content width to mirror every frame around (`DirectedInstance`), nil for frames as written.
    package private(set) var mirrorWidth: Double?

    package init(
        records: UnsafeBufferPointer<wb_attributes>, extras: UnsafeRawBufferPointer, order: [Int32]?,
        kindNames: [String], repairs: RecordRepairs
    ) {
        self.records = records
        self.extras = extras
        self.order = order
        self.kindNames = kindNames
        self.repairs = repairs
    }

    public var count: Int { order?.count ?? records.count }

    private func raw(_ index: Int) -> wb_attributes {
        mirrored(records[order.map { Int($0[index]) } ?? index])
    }

    /// These records with every frame mirrored around content `width` wide (order and
    /// identities unchanged: canonical order does not depend on positions).
    package func mirrored(inWidth width: Double) -> AttributesRecords {
        var copy = self
        copy.mirrorWidth = width
        return copy
    }

    /// `record` as the caller sees it: mirrored when these records are.
    func mirrored(_ record: wb_attributes) -> wb_attributes {
        guard let mirrorWidth else { return record }
        var record = record
        record.frame.x = mirrorWidth - record.frame.x - record.frame.width
        return record
    }

    public subscript(index: Int) -> Record {
        let record = raw(index)
        return Record(
            category: ElementCategory(rawValue: Int(record.element.category)) ?? .cell, kind: Int(record.element.kind),
            section: Int(record.element.section), item: Int(record.element.item), frame: Rect(record.frame),
            zIndex: Int(record.z_index), alpha: record.alpha, isHidden: record.is_hidden != 0,
            hasExtraFields: record.extra_length > 0)
    }

    /// The value-encoded map of record `index`'s extra fields (checked to be one whole map),
    /// or nil when it has none: bytes a writer can turn into JSON without decoding.
    public func extraFields(at index: Int) -> UnsafeRawBufferPointer? {
        let record = raw(index)
        guard record.extra_length > 0, record.extra_offset <= UInt64(extras.count),
            record.extra_length <= UInt64(extras.count) - record.extra_offset
        else { return nil }
        return UnsafeRawBufferPointer(
            rebasing: extras[Int(record.extra_offset)..<Int(record.extra_offset + record.extra_length)])
    }

    /// Record `index`'s element.
    public func element(at index: Int) -> ElementID {
        let record = self[index]
        let kind = record.kind >= 0 && record.kind < kindNames.count ? kindNames[record.kind] : nil
        return ElementID(
            category: record.category, kind: kind, path: ItemPath(section: record.section, item: record.item))
    }

    /// Record `index` decoded.
    public func attributes(at index: Int) -> LayoutAttributes {
        let record = self[index]
        let extra = extraFields(at: index).map { ValueReader($0).value(at: 0).map ?? [:] } ?? [:]
        return LayoutAttributes(
            element: element(at: index), frame: record.frame, zIndex: record.zIndex, alpha: record.alpha,
            isHidden: record.isHidden, extra: extra)
    }

    /// Every record decoded, in canonical order.
    public var allAttributes: [LayoutAttributes] { (0..<count).map(attributes(at:)) }
}

/// What the host put right in a plugin's answer (and tells the plugin's author about).
public struct RecordRepairs: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Records came out of canonical order (or repeated) and were sorted.
    public static let reordered = RecordRepairs(rawValue: 1)
    /// Records outside the query rect were dropped.
    public static let outsideRect = RecordRepairs(rawValue: 2)

    /// "out of canonical order and outside the query rect".
    public var phrase: String {
        [
            contains(.reordered) ? "out of canonical order" : nil,
            contains(.outsideRect) ? "outside the query rect" : nil,
        ]
        .compactMap { $0 }.joined(separator: " and ")
    }
}
