extension Double {
    /// The number as an `Int` when it is whole and at most 2^53 in magnitude — where
    /// every whole number is exactly a `Double`, so that it prints as an integer and reads
    /// back the same; nil for fractions, larger magnitudes, NaN and infinities.
    ///
    /// The one rule for "print integral numbers as integers": the JSON writers, the SVG
    /// renderer, messages (`compactDescription`) and JSON-RPC ids made in code all use it.
    /// Always inlined: the attribute writers test five numbers an element with it.
    @inlinable @inline(__always)
    public var exactInteger: Int? {
        // Truncating and converting back is whole-ness without a call to `trunc` (the
        // baseline x86-64 target has no rounding instruction); the range test comes first,
        // so `Int(self)` cannot trap, and it is false for NaN.
        guard abs(self) <= 0x1p53 else { return nil }
        let integer = Int(self)
        return Double(integer) == self ? integer : nil
    }
}
