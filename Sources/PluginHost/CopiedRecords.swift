internal import CLayoutABI

/// A query's checked answer copied out of the plugin's buffer, which the next query reuses:
/// so that one thread can ask for the next band while another writes this one.
public final class CopiedRecords: @unchecked Sendable {  // Unchecked: immutable after init; the memory is its own.
    private let records: UnsafeMutableBufferPointer<wb_attributes>
    private let extras: UnsafeMutableRawBufferPointer
    private let order: [Int32]?
    private let kindNames: [String]
    private let repairs: RecordRepairs
    private let mirrorWidth: Double?

    init(_ source: AttributesRecords) {
        records = .allocate(capacity: source.records.count)
        _ = records.initialize(from: source.records)
        extras = .allocate(byteCount: source.extras.count, alignment: 8)
        if source.extras.count > 0 { extras.copyMemory(from: source.extras) }
        order = source.order
        kindNames = source.kindNames
        repairs = source.repairs
        mirrorWidth = source.mirrorWidth
    }

    deinit {
        records.deallocate()
        extras.deallocate()
    }

    /// Runs `body` on the copy, as the query gave it.
    public func withRecords<T, Failure: Error>(_ body: (AttributesRecords) throws(Failure) -> T) throws(Failure) -> T {
        let copy = AttributesRecords(
            records: UnsafeBufferPointer(records), extras: UnsafeRawBufferPointer(extras), order: order,
            kindNames: kindNames, repairs: repairs)
        return try body(mirrorWidth.map(copy.mirrored(inWidth:)) ?? copy)
    }
}

extension AttributesRecords {
    /// The records and their extra bytes copied, to be read after the next query.
    public func copied() -> CopiedRecords { CopiedRecords(self) }
}
