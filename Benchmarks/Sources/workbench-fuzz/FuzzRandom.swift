import SeededRandom

/// The fuzzer's seeded randomness (the project's SplitMix64): the same seed makes the same inputs.
struct FuzzRandom {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    /// A whole number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { generator.next(in: range) }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool { generator.unit() < probability }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(0...(choices.count - 1))]
    }
}
