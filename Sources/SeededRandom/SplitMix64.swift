/// SplitMix64: a small, fast generator that gives the same sequence for the same seed on
/// every platform and run — for generated workspace data, the checker's rects, the fuzzer's
/// inputs and test data alike. Not for anything that must be unpredictable.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `range` (modulo reduction: the same numbers for the same seed).
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        return span == 0 ? Int(bitPattern: UInt(next())) : range.lowerBound &+ Int(next() % span)
    }

    /// A double in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
