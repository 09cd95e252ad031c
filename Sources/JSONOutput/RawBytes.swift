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

    /// At most 20 bytes. Digits go two at a time from a table, right to left.
    mutating func integer(_ value: Int) {
        if value < 0 {
            start[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        if magnitude < 10 {
            start[count] = UInt8(ascii: "0") + UInt8(magnitude)
            count += 1
            return
        }
        var digits = 2, scale: UInt = 100
        while magnitude >= scale && digits < 20 {
            digits += 1
            if scale > UInt.max / 10 { break }
            scale *= 10
        }
        let pairs = Self.digitPairs.utf8Start
        var position = count + digits
        while magnitude >= 10 {
            let pair = Int(magnitude % 100) * 2
            magnitude /= 100
            position -= 2
            start[position] = pairs[pair]
            start[position + 1] = pairs[pair + 1]
        }
        if magnitude > 0 { start[position - 1] = UInt8(ascii: "0") + UInt8(magnitude) }
        count += digits
    }

    /// "00", "01", … "99", one after another.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

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
