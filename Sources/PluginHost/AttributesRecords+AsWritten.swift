internal import CLayoutABI
import LayoutKit

extension AttributesRecords {
    /// Every record decoded as the plugin wrote it — in its order, duplicates and records
    /// outside the rect included — before the host's repairs (`repairs`, `order`): what
    /// `workbench check` judges, where every other caller wants the repaired answer.
    public var recordsAsWritten: [LayoutAttributes] {
        records.map { written in
            let record = mirrored(written)
            var extra: [String: Value] = [:]
            if record.extra_length > 0, record.extra_offset <= UInt64(extras.count),
                record.extra_length <= UInt64(extras.count) - record.extra_offset
            {
                let bytes = UnsafeRawBufferPointer(
                    rebasing: extras[Int(record.extra_offset)..<Int(record.extra_offset + record.extra_length)])
                extra = ValueReader(bytes).value(at: 0).map ?? [:]
            }
            let category = ElementCategory(rawValue: Int(record.element.category)) ?? .cell
            let kind =
                category == .cell || record.element.kind < 0 || Int(record.element.kind) >= kindNames.count
                ? nil : kindNames[Int(record.element.kind)]
            return LayoutAttributes(
                element: ElementID(
                    category: category, kind: kind,
                    path: ItemPath(section: Int(record.element.section), item: Int(record.element.item))),
                frame: Rect(record.frame), zIndex: Int(record.z_index), alpha: record.alpha,
                isHidden: record.is_hidden != 0, extra: extra)
        }
    }
}
