import JSON
import LayoutKit

/// JSON straight from the binary value encoding (see the plugin ABI header), for extra
/// attribute fields that arrive encoded: no `Value` is built when the bytes are canonical.
///
/// Canonical: well formed, every string ASCII, every map's keys strictly ascending. Other
/// bytes are decoded first (as `ValueReader` decodes them), so the JSON is the same either way.
/// The map tag of the value encoding.
enum ValueTagByte {
    static let map: UInt8 = 6
}

enum EncodedValue {
    /// The offset just past the canonical value at `offset`, or nil if it is not canonical.
    static func canonicalEnd(_ bytes: UnsafeRawBufferPointer, at offset: Int, depth: Int = 0) -> Int? {
        guard depth < 64, offset < bytes.count else { return nil }
        switch bytes[offset] {
        case 0, 1, 2: return offset + 1
        case 3: return offset + 9 <= bytes.count ? offset + 9 : nil
        case 4: return stringEnd(bytes, at: offset + 1)
        case 5, 6:
            guard offset + 9 <= bytes.count else { return nil }
            let count = Int(uint32(bytes, offset + 1)), end = offset + 9 + Int(uint32(bytes, offset + 5))
            guard end <= bytes.count, count <= end - offset else { return nil }
            var cursor = offset + 9
            var previousKey: Range<Int>?
            for _ in 0..<count {
                if bytes[offset] == 6 {
                    guard let keyEnd = stringEnd(bytes, at: cursor) else { return nil }
                    let key = (cursor + 4)..<keyEnd
                    if let previousKey, !isLess(bytes, previousKey, key) { return nil }
                    previousKey = key
                    cursor = keyEnd
                }
                guard let next = canonicalEnd(bytes, at: cursor, depth: depth + 1), next <= end else { return nil }
                cursor = next
            }
            return cursor == end ? end : nil
        default: return nil
        }
    }

    /// Past a raw string (u32 length + bytes) at `offset` if its bytes are printable-safe ASCII.
    static func stringEnd(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int? {
        guard offset + 4 <= bytes.count else { return nil }
        let end = offset + 4 + Int(uint32(bytes, offset))
        guard end <= bytes.count else { return nil }
        for index in (offset + 4)..<end where bytes[index] >= 0x80 { return nil }
        return end
    }

    static func uint32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// Byte-wise order of two ASCII strings: the order of Swift's `<` on them.
    static func isLess(_ bytes: UnsafeRawBufferPointer, _ left: Range<Int>, _ right: Range<Int>) -> Bool {
        for (a, b) in zip(left, right) where bytes[a] != bytes[b] { return bytes[a] < bytes[b] }
        return left.count < right.count
    }

    /// Whether the ASCII key at `key` sorts before `name`.
    static func key(_ bytes: UnsafeRawBufferPointer, _ key: Range<Int>, isLessThan name: StaticString) -> Bool {
        let other = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for (a, b) in zip(key, other.indices) where bytes[a] != other[b] { return bytes[a] < other[b] }
        return key.count < other.count
    }
}

extension JSONWriter {
    /// Writes the canonical encoded value at `offset` (see `EncodedValue.canonicalEnd`) and
    /// returns the offset past it.
    @discardableResult
    mutating func encodedValue(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int {
        switch bytes[offset] {
        case 0: null(); return offset + 1
        case 1: bool(false); return offset + 1
        case 2: bool(true); return offset + 1
        case 3:
            number(
                Double(
                    bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 1, as: UInt64.self))))
            return offset + 9
        case 4:
            let end = offset + 5 + Int(EncodedValue.uint32(bytes, offset + 1))
            noteElementWritten()
            writeASCIIString(UnsafeRawBufferPointer(rebasing: bytes[(offset + 5)..<end]))
            return end
        default:
            let isMap = bytes[offset] == 6
            let count = Int(EncodedValue.uint32(bytes, offset + 1))
            if isMap { beginObject() } else { beginArray() }
            var cursor = offset + 9
            for _ in 0..<count {
                if isMap {
                    let keyEnd = cursor + 4 + Int(EncodedValue.uint32(bytes, cursor))
                    keyASCII(UnsafeRawBufferPointer(rebasing: bytes[(cursor + 4)..<keyEnd]))
                    cursor = keyEnd
                }
                cursor = encodedValue(bytes, at: cursor)
            }
            if isMap { endObject() } else { endArray() }
            return cursor
        }
    }
}

extension JSONWriter {
    /// How many non-finite numbers the encoded value holds (what writing it would count in
    /// `nonFiniteNumberCount`), found without decoding; counting stops at malformed bytes.
    public static func nonFiniteNumberCount(encoded bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0
        _ = countNonFinite(bytes, at: 0, depth: 0, &count)
        return count
    }

    /// Counts the non-finite numbers of the value at `offset`; returns the offset past it, or
    /// nil if the bytes are malformed there.
    private static func countNonFinite(_ bytes: UnsafeRawBufferPointer, at offset: Int, depth: Int, _ count: inout Int)
        -> Int?
    {
        guard depth < 512, offset < bytes.count else { return nil }
        switch bytes[offset] {
        case 0, 1, 2: return offset + 1
        case 3:
            guard offset + 9 <= bytes.count else { return nil }
            let value = Double(
                bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 1, as: UInt64.self)))
            if !value.isFinite { count += 1 }
            return offset + 9
        case 4:
            guard offset + 5 <= bytes.count else { return nil }
            let end = offset + 5 + Int(EncodedValue.uint32(bytes, offset + 1))
            return end <= bytes.count ? end : nil
        case 5, 6:
            guard offset + 9 <= bytes.count else { return nil }
            var cursor = offset + 9
            for _ in 0..<EncodedValue.uint32(bytes, offset + 1) {
                if bytes[offset] == 6 {
                    guard cursor + 4 <= bytes.count else { return nil }
                    cursor += 4 + Int(EncodedValue.uint32(bytes, cursor))
                }
                guard let next = countNonFinite(bytes, at: cursor, depth: depth + 1, &count) else { return nil }
                cursor = next
            }
            return cursor
        default: return nil
        }
    }
}
