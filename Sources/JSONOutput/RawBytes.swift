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
    ///
    /// Inlined into the attribute writers (eight numbers an element), where the calls cost
    /// more than the digits of the small numbers most fields hold.
    @inline(__always)
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
        let pairs = Self.digitPairs.utf8Start
        let digits = Self.digitCount(magnitude)
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

    /// How many decimal digits `value` has (1 for 0): comparisons up to eight digits, the
    /// common case, then a loop up to UInt64's twenty.
    @inline(__always)
    static func digitCount(_ value: UInt) -> Int {
        if value < 10_000 {
            return value < 100 ? (value < 10 ? 1 : 2) : (value < 1000 ? 3 : 4)
        }
        if value < 100_000_000 {
            return value < 1_000_000 ? (value < 100_000 ? 5 : 6) : (value < 10_000_000 ? 7 : 8)
        }
        var digits = 9, scale: UInt = 1_000_000_000
        while digits < 20, value >= scale {
            digits += 1
            if digits < 20 { scale *= 10 }
        }
        return digits
    }

    /// "00", "01", … "99", one after another.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// At most 32 bytes: integral values as integers, others in their shortest form.
    @inline(__always)
    mutating func number(_ value: Double) {
        if let whole = value.exactInteger { return integer(whole) }
        fraction(value)
    }

    /// A number that is not whole, or not finite (`null`, counted): out of line, being rare
    /// in layouts.
    @inline(never)
    mutating func fraction(_ value: Double) {
        guard value.isFinite else {
            nonFiniteNumberCount += 1
            return literal("null")
        }
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
