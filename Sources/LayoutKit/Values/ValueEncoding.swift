/// Tags of the binary value encoding (see the plugin ABI header).
@usableFromInline
enum ValueTag: UInt8 {
    case null = 0
    case falseValue = 1
    case trueValue = 2
    case number = 3
    case string = 4
    case list = 5
    case map = 6
}

/// Appends values in the binary value encoding shared by host and plugins.
///
/// Maps are written with their keys sorted, so equal values encode to equal bytes.
public struct ValueWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// Encodes one value.
    public static func encode(_ value: Value) -> [UInt8] {
        var writer = ValueWriter()
        writer.write(value)
        return writer.bytes
    }

    public mutating func write(_ value: Value) {
        switch value {
        case .null: bytes.append(ValueTag.null.rawValue)
        case .bool(let flag): bytes.append(flag ? ValueTag.trueValue.rawValue : ValueTag.falseValue.rawValue)
        case .number(let number): writeNumber(number)
        case .string(let string):
            bytes.append(ValueTag.string.rawValue)
            writeRawString(string)
        case .list(let elements):
            writeCollection(.list, count: elements.count) {
                for element in elements { $0.write(element) }
            }
        case .map(let entries):
            writeCollection(.map, count: entries.count) {
                for key in entries.keys.sorted() {
                    $0.writeRawString(key)
                    $0.write(entries[key]!)
                }
            }
        }
    }

    public mutating func writeNumber(_ number: Double) {
        bytes.append(ValueTag.number.rawValue)
        withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Makes room for `count` more bytes.
    package mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// Appends bytes that already hold one encoded value (copied from another data set).
    package mutating func writeEncoded(_ encoded: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: encoded)
    }

    /// Writes a collection header, its contents, then patches in the contents' byte count.
    mutating func writeCollection(_ tag: ValueTag, count: Int, contents: (inout ValueWriter) -> Void) {
        bytes.append(tag.rawValue)
        writeUInt32(UInt32(count))
        let lengthAt = bytes.count
        writeUInt32(0)
        let start = bytes.count
        contents(&self)
        let length = UInt32(bytes.count - start).littleEndian
        withUnsafeBytes(of: length) { raw in
            for offset in 0..<4 { bytes[lengthAt + offset] = raw[offset] }
        }
    }

    mutating func writeRawString(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            writeUInt32(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    private mutating func writeUInt32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
