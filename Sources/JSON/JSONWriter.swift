import NumberText

/// Writes JSON straight into bytes: compact (one line) or pretty (two-space indents).
///
/// Commas and indentation are handled by the writer; callers say what comes next.
/// Numbers are written so they read back exactly: integral values up to 2^53 as integers (`exactInteger`),
/// others in Swift's shortest round-trip form; non-finite numbers become `null` and are
/// counted in `nonFiniteNumberCount`, which callers check before sending anything.
///
/// Everything is `@inlinable`: JSONOutput's attribute writers call the `package` methods
/// (`appendLiteral`, `writeNumber`, `keyASCII`, …) in the hottest loops of every reply.
public struct JSONWriter: Sendable {
    public var bytes: [UInt8] = []
    public let isPretty: Bool
    /// How many non-finite numbers were asked for: JSON has no way to write them, so callers
    /// must treat any as an error rather than send the `null` written in their place.
    public var nonFiniteNumberCount: Int { nonFiniteNumbersWritten }
    /// The storage of `nonFiniteNumberCount`, which writers of raw bytes add to.
    @usableFromInline package var nonFiniteNumbersWritten = 0
    /// For each open container: whether it already has an element.
    @usableFromInline var hasElements: [Bool] = []
    /// How many containers are open.
    @inlinable package var depth: Int { hasElements.count }
    /// A key was just written: the next value takes no comma.
    @usableFromInline var afterKey = false

    @inlinable
    public init(pretty: Bool = false, capacity: Int = 0) {
        isPretty = pretty
        bytes.reserveCapacity(capacity)
    }

    @inlinable public mutating func beginObject() { open(UInt8(ascii: "{")) }
    @inlinable public mutating func endObject() { close(UInt8(ascii: "}")) }
    @inlinable public mutating func beginArray() { open(UInt8(ascii: "[")) }
    @inlinable public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes an object key; the next write is its value.
    @inlinable public mutating func key(_ key: String) {
        separate()
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        if isPretty { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// Writes a key known to need no escaping; the next write is its value.
    @inlinable package mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        appendLiteral(key)
        appendLiteral(isPretty ? "\": " : "\":")
        afterKey = true
    }

    @inlinable public mutating func string(_ string: String) {
        separate()
        writeString(string)
    }

    @inlinable public mutating func number(_ number: Double) {
        separate()
        writeNumber(number)
    }

    @inlinable public mutating func integer(_ integer: Int) {
        separate()
        writeInteger(integer)
    }

    @inlinable public mutating func bool(_ flag: Bool) {
        separate()
        appendLiteral(flag ? "true" : "false")
    }

    @inlinable public mutating func null() {
        separate()
        appendLiteral("null")
    }

    /// Appends already-encoded JSON as one value.
    @inlinable public mutating func raw(_ json: some Collection<UInt8>) {
        separate()
        bytes.append(contentsOf: json)
    }

    @inlinable mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        hasElements.append(false)
    }

    @inlinable mutating func close(_ bracket: UInt8) {
        let hadElements = hasElements.removeLast()
        if isPretty && hadElements { newline() }
        bytes.append(bracket)
    }

    /// Before a value or key: a comma after a previous element, and the indentation. The
    /// container's flag is written only by its first element (a write to `hasElements` costs a
    /// uniqueness check: this runs for every element of every reply).
    @inlinable mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = hasElements.last else { return }
        if last {
            bytes.append(UInt8(ascii: ","))
        } else {
            hasElements[hasElements.count - 1] = true
        }
        if isPretty { newline() }
    }

    @inlinable mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<hasElements.count { bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
    }

    /// Appends literal bytes (JSON punctuation and keys the caller knows need no escaping).
    @inlinable @inline(__always)
    package mutating func appendLiteral(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Marks the current container as having an element, after a caller wrote one directly.
    @inlinable package mutating func noteElementWritten() {
        separate()
    }

    @inlinable package mutating func writeNumber(_ number: Double) {
        guard number.isFinite else {
            nonFiniteNumbersWritten += 1
            return appendLiteral("null")
        }
        if let integer = number.exactInteger {
            writeInteger(integer)
        } else {
            bytes.append(contentsOf: number.description.utf8)
        }
    }

    @inlinable package mutating func writeInteger(_ integer: Int) {
        if integer < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = integer.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        var divisor: UInt = 10
        while divisor <= magnitude / 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8((magnitude / divisor) % 10))
            divisor /= 10
        }
    }

    @inlinable package mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeUTF8($0) }
    }

    /// A key whose bytes are ASCII (escaped as needed).
    @inlinable package mutating func keyASCII(_ key: UnsafeRawBufferPointer) {
        separate()
        writeASCIIString(key)
        bytes.append(UInt8(ascii: ":"))
        if isPretty { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// A string given as ASCII bytes, quoted and escaped.
    @inlinable package mutating func writeASCIIString(_ ascii: UnsafeRawBufferPointer) {
        writeUTF8(ascii.assumingMemoryBound(to: UInt8.self))
    }

    /// A string given as UTF-8, quoted and escaped.
    @inlinable package mutating func writeUTF8(_ utf8: UnsafeBufferPointer<UInt8>) {
        if utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                ])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
