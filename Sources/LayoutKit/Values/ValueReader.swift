/// Reads the binary value encoding from memory it does not own.
///
/// Every read is bounds-checked: malformed bytes decode to `.null`, never out of range.
public struct ValueReader: @unchecked Sendable {  // Unchecked: read-only view of immutable bytes.
    let base: UnsafeRawPointer?
    let count: Int

    public init(_ bytes: UnsafeRawBufferPointer) {
        base = bytes.baseAddress
        count = bytes.count
    }

    /// Decodes the value starting at `offset`.
    public func value(at offset: Int) -> Value {
        var cursor = offset
        return decode(&cursor, depth: 0)
    }

    /// The number at `offset`, or the number under `field` if the value there is a map;
    /// nil otherwise. Allocates nothing.
    public func number(at offset: Int, field: String?) -> Double? {
        guard let tag = byte(at: offset) else { return nil }
        if tag == ValueTag.number.rawValue { return double(at: offset + 1) }
        guard let field, let cursor = self.offset(of: field, inMapAt: offset) else { return nil }
        return byte(at: cursor) == ValueTag.number.rawValue ? double(at: cursor + 1) : nil
    }

    /// What the map at `offset` holds under `first` and under `second`, in one pass over its
    /// keys: `.absent` for a key it lacks, both `.absent` when the value there is not a map.
    /// Allocates nothing unless a field holds something other than a number (then it is
    /// decoded). The keys are static strings, compared as bytes: a layout's fixed field names
    /// (an item's `width` and `height`), cheap enough to read for every item in a prepare.
    public func fields(_ first: StaticString, _ second: StaticString, at offset: Int) -> (MapField, MapField) {
        guard byte(at: offset) == ValueTag.map.rawValue, let entries = uint32(at: offset + 1) else {
            return (.absent, .absent)
        }
        var firstAt: Int?, secondAt: Int?
        var cursor = offset + 9
        for _ in 0..<entries {
            guard let keyLength = uint32(at: cursor).map(Int.init) else { break }
            let key = cursor + 4
            cursor = key + keyLength
            if firstAt == nil, keyEquals(first, at: key, length: keyLength) {
                firstAt = cursor
            } else if secondAt == nil, keyEquals(second, at: key, length: keyLength) {
                secondAt = cursor
            }
            if firstAt != nil, secondAt != nil { break }
            guard let next = end(of: cursor) else { break }
            cursor = next
        }
        return (field(at: firstAt), field(at: secondAt))
    }

    /// The value at `offset` as a map's field: its number, or itself decoded; `.absent` for nil.
    private func field(at offset: Int?) -> MapField {
        guard let offset else { return .absent }
        if byte(at: offset) == ValueTag.number.rawValue, let number = double(at: offset + 1) { return .number(number) }
        return .other(value(at: offset))
    }

    /// Where the value under `field` starts, if the value at `offset` is a map that has it.
    private func offset(of field: String, inMapAt offset: Int) -> Int? {
        guard byte(at: offset) == ValueTag.map.rawValue, let entries = uint32(at: offset + 1) else { return nil }
        var cursor = offset + 9
        for _ in 0..<entries {
            guard let keyLength = uint32(at: cursor) else { return nil }
            let matches = keyEquals(field, at: cursor + 4, length: Int(keyLength))
            cursor += 4 + Int(keyLength)
            if matches { return cursor }
            guard let next = end(of: cursor) else { return nil }
            cursor = next
        }
        return nil
    }

    /// Whether the bytes hold exactly one value-encoded map and nothing else (its contents
    /// are decoded with bounds checks anyway).
    package var isOneWholeMap: Bool {
        byte(at: 0) == ValueTag.map.rawValue && end(of: 0) == count
    }

    /// The offset just past the value starting at `offset`.
    func end(of offset: Int) -> Int? {
        guard let tag = byte(at: offset).flatMap(ValueTag.init(rawValue:)) else { return nil }
        switch tag {
        case .null, .falseValue, .trueValue: return offset + 1
        case .number: return offset + 9
        case .string: return uint32(at: offset + 1).map { offset + 5 + Int($0) }
        case .list, .map: return uint32(at: offset + 5).map { offset + 9 + Int($0) }
        }
    }

    private func decode(_ cursor: inout Int, depth: Int) -> Value {
        guard depth < 512, let tag = byte(at: cursor).flatMap(ValueTag.init(rawValue:)) else {
            cursor = count
            return .null
        }
        let start = cursor
        cursor += 1
        switch tag {
        case .null: return .null
        case .falseValue: return .bool(false)
        case .trueValue: return .bool(true)
        case .number:
            cursor += 8
            return double(at: start + 1).map(Value.number) ?? .null
        case .string:
            return .string(rawString(&cursor))
        case .list:
            let elementCount = Int(uint32(at: cursor) ?? 0)
            cursor += 8
            var elements: [Value] = []
            elements.reserveCapacity(min(elementCount, count))
            for _ in 0..<elementCount {
                guard cursor < count else { break }
                elements.append(decode(&cursor, depth: depth + 1))
            }
            return .list(elements)
        case .map:
            let entryCount = Int(uint32(at: cursor) ?? 0)
            cursor += 8
            var entries: [String: Value] = [:]
            for _ in 0..<entryCount {
                guard cursor < count else { break }
                let key = rawString(&cursor)
                entries[key] = decode(&cursor, depth: depth + 1)
            }
            return .map(entries)
        }
    }

    private func rawString(_ cursor: inout Int) -> String {
        guard let length = uint32(at: cursor).map(Int.init), let base, cursor + 4 + length <= count else {
            cursor = count
            return ""
        }
        let text = String(decoding: UnsafeRawBufferPointer(start: base + cursor + 4, count: length), as: UTF8.self)
        cursor += 4 + length
        return text
    }

    private func keyEquals(_ key: String, at offset: Int, length: Int) -> Bool {
        guard let base, offset + length <= count else { return false }
        var key = key
        return key.withUTF8 { utf8 in
            utf8.count == length && memcmpEqual(utf8.baseAddress, base + offset, length)
        }
    }

    /// Whether the `length` bytes at `offset` are `key`'s UTF-8 (other lengths fail at once).
    @inline(__always)
    private func keyEquals(_ key: StaticString, at offset: Int, length: Int) -> Bool {
        guard let base, offset >= 0, offset + length <= count else { return false }
        guard key.hasPointerRepresentation else {
            return key.withUTF8Buffer { $0.count == length && memcmpEqual($0.baseAddress, base + offset, length) }
        }
        return key.utf8CodeUnitCount == length && memcmpEqual(key.utf8Start, base + offset, length)
    }

    private func byte(at offset: Int) -> UInt8? {
        guard let base, offset >= 0, offset < count else { return nil }
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    private func uint32(at offset: Int) -> UInt32? {
        guard let base, offset >= 0, offset + 4 <= count else { return nil }
        return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    private func double(at offset: Int) -> Double? {
        guard let base, offset >= 0, offset + 8 <= count else { return nil }
        return Double(bitPattern: UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
    }
}

private func memcmpEqual(_ lhs: UnsafePointer<UInt8>?, _ rhs: UnsafeRawPointer, _ count: Int) -> Bool {
    guard let lhs else { return count == 0 }
    for index in 0..<count where lhs[index] != rhs.load(fromByteOffset: index, as: UInt8.self) { return false }
    return true
}
