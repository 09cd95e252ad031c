import JSON
import JSONOutput
import PluginHost

extension JSONWriter {
    /// Record `index` of `records` as an element's attributes: the one mapping from a
    /// plugin's checked records to JSON, for `run`, `check`'s snapshots and every reply.
    public mutating func attributes(_ records: AttributesRecords, at index: Int) {
        attributes(records[index], of: records, at: index)
    }

    /// `record`, already read as record `index` of `records`, as an element's attributes.
    public mutating func attributes(_ record: AttributesRecords.Record, of records: AttributesRecords, at index: Int) {
        attributes(
            category: record.category, kind: record.kind >= 0 ? records.kindNames[record.kind] : nil,
            section: record.section, item: record.item, frame: record.frame, zIndex: record.zIndex,
            alpha: record.alpha, isHidden: record.isHidden,
            encodedExtras: record.hasExtraFields ? records.extraFields(at: index) : nil)
    }
}

extension AttributesRecords {
    /// How many numbers in the extra fields of `record` (record `index`) are not finite:
    /// JSON cannot carry them, so a writer that cannot take its bytes back counts them first.
    public func nonFiniteExtraNumbers(_ record: Record, at index: Int) -> Int {
        guard record.hasExtraFields, let extras = extraFields(at: index) else { return 0 }
        return JSONWriter.nonFiniteNumberCount(encoded: extras)
    }
}
