import NumberText

/// Writes JSON fragments into memory the caller provides, with no checks on each byte:
/// the attributes fast path fills a stack buffer this way and appends it at once.
struct RawBytes {
    private let start: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    /// How many non-finite numbers were written (as `null`).
    private(set) var nonFiniteNumberCount = 0

    init(_ start: UnsafeMutablePointer<UInt8>) {
        self.start = start
    }

    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    @inline(__always)
    mutating func literal(_ literal: StaticString) {
        (start + count).update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        count += literal.utf8CodeUnitCount
    }

    /// A newline and `level` two-space indents (at most 1 + 2 · level bytes).
    mutating func newline(indent level: Int) {
        start[count] = UInt8(ascii: "\n")
        (start + count + 1).initialize(repeating: UInt8(ascii: " "), count: 2 * level)
        count += 1 + 2 * level
    }

    /// At most 20 bytes.
    mutating func integer(_ value: Int) {
        if value < 0 {
            start[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        var digits = 1, scale: UInt = 10
        while magnitude >= scale && digits < 20 {
            digits += 1
            if scale > UInt.max / 10 { break }
            scale *= 10
        }
        var position = count + digits - 1
        repeat {
            start[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            position -= 1
        } while magnitude > 0
        count += digits
    }

    /// At most 32 bytes: integral values as integers, others in their shortest form.
    mutating func number(_ value: Double) {
        guard value.isFinite else {
            nonFiniteNumberCount += 1
            return literal("null")
        }
        if let whole = value.exactInteger { return integer(whole) }
        var text = value.description
        text.withUTF8 { utf8 in
            (start + count).update(from: utf8.baseAddress!, count: utf8.count)
            count += utf8.count
        }
    }

    /// A string that needs no escaping (checked by the caller), quoted.
    mutating func plainString(_ utf8: UnsafeBufferPointer<UInt8>) {
        start[count] = UInt8(ascii: "\"")
        (start + count + 1).update(from: utf8.baseAddress!, count: utf8.count)
        count += utf8.count + 2
        start[count - 1] = UInt8(ascii: "\"")
    }
}
