import LayoutKit
import Testing

/// The one rule for printing integral numbers: whole and at most 2^53 in magnitude.
struct IntegralNumberTests {
    @Test func wholeNumbersUpToTwoToThe53PrintAsIntegers() {
        #expect(400.0.compactDescription == "400")
        #expect((-0.0).compactDescription == "0")
        #expect(12.5.compactDescription == "12.5")
        #expect(1e15.compactDescription == "1000000000000000")
        #expect((0x1p53 - 1).compactDescription == "9007199254740991")
        #expect(0x1p53.compactDescription == "9007199254740992")
        #expect((0x1p53 + 2).compactDescription == (0x1p53 + 2).description)
        #expect((-1e300).compactDescription == (-1e300).description)
        #expect(Double.nan.compactDescription == "nan")
        #expect(Double.infinity.compactDescription == "inf")
    }
}
