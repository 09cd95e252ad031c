import NumberText
import Testing

/// The one rule for printing whole numbers as integers: up to 2^53, where every whole number
/// is exactly a double.
struct ExactIntegerTests {
    @Test func wholeNumbersUpTo2To53AreIntegers() {
        #expect((3.0).exactInteger == 3)
        #expect((-0.0).exactInteger == 0)
        #expect((-42.0).exactInteger == -42)
        #expect((0x1p53).exactInteger == 9_007_199_254_740_992)
        #expect((-0x1p53).exactInteger == -9_007_199_254_740_992)
    }

    @Test func fractionsLargerMagnitudesAndNonNumbersAreNot() {
        for number in [0.5, -1.25, 0x1p53 + 2, 1e300, .infinity, -.infinity, .nan] {
            #expect(number.exactInteger == nil, "\(number)")
        }
    }
}
