import SeededRandom

/// The project's SplitMix64 with the draws these tests make, so that every run draws the same cases.
struct SplitMix {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    /// A whole number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { generator.next(in: range) }

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
