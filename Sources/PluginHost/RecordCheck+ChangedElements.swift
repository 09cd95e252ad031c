package import CLayoutABI
import LayoutKit

extension RecordCheck {
    /// What a layout said its last prepare moved (`changed_elements`), checked as every answer
    /// is: at most `limit` records of `total` changes, each a valid element. Nil when the
    /// layout does not know (`total` < 0). Both backends answer through this.
    package func changedElements(
        _ records: UnsafeBufferPointer<wb_attributes>, extras: UnsafeRawBufferPointer, total: Int64, limit: Int,
        data: DataSource?, kindNames: [String]
    ) throws(PluginCallError) -> (first: [ElementID], count: Int)? {
        guard total >= 0 else { return nil }
        guard records.count <= min(limit, Int(total)) else {
            throw .badRecord(
                plugin: plugin, element: "the changed elements", field: "count",
                problem: "\(records.count) records for \(total) changes, at most \(limit) asked")
        }
        let (order, _) = try check(records, extras: extras, data: data, rect: nil)
        let answer = AttributesRecords(
            records: records, extras: extras, order: order, kindNames: kindNames, repairs: [])
        return ((0..<answer.count).map { answer.element(at: $0) }, Int(total))
    }
}
