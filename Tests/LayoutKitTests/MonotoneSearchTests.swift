import LayoutKit
import Testing

struct MonotoneSearchTests {
    /// Every split point of ranges up to 40 long, from every guess (in range or not), agrees
    /// with a linear scan.
    @Test func theSearchFindsTheFirstTrueIndexFromAnyGuess() {
        for lower in [0, 7] {
            for count in 0...40 {
                let range = lower..<(lower + count)
                for answer in range.lowerBound...range.upperBound {
                    for guess in (range.lowerBound - 2)...(range.upperBound + 2) {
                        var probes = 0
                        let found = firstIndex(in: range, near: guess) { index in
                            probes += 1
                            #expect(range.contains(index))
                            return index >= answer
                        }
                        #expect(found == answer, "range \(range), answer \(answer), guess \(guess)")
                        #expect(probes <= 2 * 7 + 2)
                    }
                }
            }
        }
    }
}
