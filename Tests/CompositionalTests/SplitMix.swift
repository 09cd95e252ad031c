import LayoutKit

/// A small seeded generator (SplitMix64), so that every run draws the same cases.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// A number in `range`, in steps of 1/8 (exact in binary, yet fractional).
    mutating func number(_ range: ClosedRange<Double>) -> Double {
        let steps = Int((range.upperBound - range.lowerBound) * 8)
        return range.lowerBound + Double(int(0...steps)) / 8
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double(next() % 1_000_000) < probability * 1_000_000
    }

    mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...choices.count - 1)] }
}
