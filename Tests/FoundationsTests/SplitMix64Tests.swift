import SeededRandom
import Testing

/// Generated workspace data (`generate: {seed:}`) is defined by this generator: the same seed
/// must give the same numbers on every platform and in every release.
struct SplitMix64Tests {
    @Test func theSequenceIsSplitMix64s() {
        // The reference values of SplitMix64 (Vigna's splitmix64.c) from seed 0.
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func wholeNumbersStayInTheirRangeAndUnitsBelowOne() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<10_000 {
            #expect((40...120).contains(random.next(in: 40...120)))
            let unit = random.unit()
            #expect(unit >= 0 && unit < 1)
        }
        // The whole range of Int: every bit of the next number, with no reduction.
        var whole = SplitMix64(seed: 1), bits = SplitMix64(seed: 1)
        #expect(whole.next(in: Int.min...Int.max) == Int(bitPattern: UInt(bits.next())))
    }
}
