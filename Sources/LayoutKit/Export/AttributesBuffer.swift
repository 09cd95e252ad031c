package import CLayoutABI

/// A growable `wb_attributes_sink` that the host hands to plugins, and reads back from.
package final class AttributesBuffer {
    /// The sink to pass to the plugin; its pointers move when it grows.
    package let sink: UnsafeMutablePointer<wb_attributes_sink>

    package init(records: Int = 256, extraBytes: Int = 4096) {
        sink = .allocate(capacity: 1)
        sink.initialize(
            to: wb_attributes_sink(
                records: .allocate(capacity: records), count: 0, capacity: Int64(records),
                extra_bytes: .allocate(capacity: extraBytes), extra_length: 0, extra_capacity: Int64(extraBytes),
                reserve: { sink, records, extraBytes in AttributesBuffer.reserve(sink!, records, extraBytes) },
                host_context: nil))
    }

    deinit {
        sink.pointee.records.deallocate()
        sink.pointee.extra_bytes.deallocate()
        sink.deallocate()
    }

    /// Empties the buffer, keeping its memory.
    package func reset() {
        sink.pointee.count = 0
        sink.pointee.extra_length = 0
    }

    package var count: Int { Int(sink.pointee.count) }

    /// Empties the buffer and gives back memory beyond its initial size, after an answer as
    /// large as a whole layout, so that it is not kept for the life of the view.
    package func releaseExcess(records: Int = 256, extraBytes: Int = 4096) {
        reset()
        if sink.pointee.capacity > Int64(records) * 64 {
            sink.pointee.records.deallocate()
            sink.pointee.records = .allocate(capacity: records)
            sink.pointee.capacity = Int64(records)
        }
        if sink.pointee.extra_capacity > Int64(extraBytes) * 64 {
            sink.pointee.extra_bytes.deallocate()
            sink.pointee.extra_bytes = .allocate(capacity: extraBytes)
            sink.pointee.extra_capacity = Int64(extraBytes)
        }
    }

    /// The records written so far.
    package var records: UnsafeBufferPointer<wb_attributes> {
        UnsafeBufferPointer(start: sink.pointee.records, count: count)
    }

    /// Decodes record `index`; nil if its identity is out of the plugin's range.
    package func attributes(at index: Int, kinds: [String]) -> LayoutAttributes? {
        let record = sink.pointee.records[index]
        guard let element = ElementID(record.element, kinds: kinds) else { return nil }
        var extra: [String: Value] = [:]
        if record.extra_length > 0, record.extra_offset + record.extra_length <= UInt64(sink.pointee.extra_length) {
            let bytes = UnsafeRawBufferPointer(
                start: sink.pointee.extra_bytes + Int(record.extra_offset), count: Int(record.extra_length))
            extra = ValueReader(bytes).value(at: 0).map ?? [:]
        }
        return LayoutAttributes(
            element: element, frame: Rect(record.frame), zIndex: Int(record.z_index),
            alpha: record.alpha, isHidden: record.is_hidden != 0, extra: extra)
    }

    /// Grows the sink to hold at least `records` more records and `extraBytes` more bytes.
    private static func reserve(_ sink: UnsafeMutablePointer<wb_attributes_sink>, _ records: Int64, _ extraBytes: Int64)
        -> Int32
    {
        guard records >= 0, extraBytes >= 0, records < 1 << 40, extraBytes < 1 << 40 else { return 0 }
        let neededRecords = sink.pointee.count + records
        if neededRecords > sink.pointee.capacity {
            let capacity = max(neededRecords, sink.pointee.capacity * 2)
            let grown = UnsafeMutablePointer<wb_attributes>.allocate(capacity: Int(capacity))
            grown.moveInitialize(from: sink.pointee.records, count: Int(sink.pointee.count))
            sink.pointee.records.deallocate()
            sink.pointee.records = grown
            sink.pointee.capacity = capacity
        }
        let neededBytes = sink.pointee.extra_length + extraBytes
        if neededBytes > sink.pointee.extra_capacity {
            let capacity = max(neededBytes, sink.pointee.extra_capacity * 2)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: Int(capacity))
            grown.moveInitialize(from: sink.pointee.extra_bytes, count: Int(sink.pointee.extra_length))
            sink.pointee.extra_bytes.deallocate()
            sink.pointee.extra_bytes = grown
            sink.pointee.extra_capacity = capacity
        }
        return 1
    }
}

extension UnsafeMutablePointer where Pointee == wb_attributes_sink {
    /// Appends one record (and its extra fields); false if the sink could not grow or the
    /// kind is not one the plugin declared.
    package func append(_ attributes: LayoutAttributes, kindIndex: [String: Int32], scratch: inout ValueWriter) -> Bool
    {
        withUnsafePointer(to: attributes) { append(at: $0, kindIndex: kindIndex, scratch: &scratch) }
    }

    /// `append(_:kindIndex:scratch:)` for attributes read where they lie (a layout's answer,
    /// element by element): each field is loaded on its own, so that the attributes are not
    /// copied whole — a copy retains and releases the kind and the extra fields through the
    /// type's value witnesses, which cost a plugin process a fifth of its time answering a
    /// big query.
    package func append(
        at attributes: UnsafePointer<LayoutAttributes>, kindIndex: [String: Int32], scratch: inout ValueWriter
    ) -> Bool {
        var kind: Int32 = -1
        if let name = attributes.pointee.element.kind {
            guard let index = kindIndex[name] else { return false }
            kind = index
        }
        let path = attributes.pointee.element.path
        let element = wb_element(
            category: Int32(attributes.pointee.element.category.rawValue), kind: kind, section: Int64(path.section),
            item: Int64(path.item))
        // Encoded fields are copied as they are; values are encoded once, into `scratch`.
        var encoded: ArraySlice<UInt8> = []
        switch attributes.pointee.extraFields.storage {
        case .none: break
        case .encoded(let bytes): encoded = bytes
        case .values(let values) where !values.isEmpty:
            scratch = ValueWriter()
            scratch.write(.map(values))
            encoded = scratch.bytes[...]
        case .values: break
        }
        let extraLength = encoded.count
        if pointee.count == pointee.capacity || pointee.extra_length + Int64(extraLength) > pointee.extra_capacity {
            guard let reserve = pointee.reserve, reserve(self, 1, Int64(extraLength)) != 0 else { return false }
        }
        let offset = pointee.extra_length
        if extraLength > 0 {
            encoded.withUnsafeBufferPointer { bytes in
                (pointee.extra_bytes + Int(offset)).update(from: bytes.baseAddress!, count: extraLength)
            }
            pointee.extra_length += Int64(extraLength)
        }
        (pointee.records + Int(pointee.count)).initialize(
            to: wb_attributes(
                element: element, frame: attributes.pointee.frame.abi, alpha: attributes.pointee.alpha,
                z_index: Int32(clamping: attributes.pointee.zIndex),
                is_hidden: attributes.pointee.isHidden ? 1 : 0, reserved: (0, 0, 0),
                extra_offset: UInt64(offset), extra_length: UInt64(extraLength)))
        pointee.count += 1
        return true
    }
}
