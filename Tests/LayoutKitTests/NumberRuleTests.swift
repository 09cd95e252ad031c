import LayoutKit
import Testing

/// The one check every number from outside passes, and the limit on what layouts produce.
struct NumberRuleTests {
    @Test func aRuleRefusesNonFiniteOutOfRangeAndFractionalNumbersBeforeConversion() {
        let count = NumberRule.whole(0...100)
        #expect(count.violation(42) == nil)
        #expect(count.integer(42) == 42)
        for bad in [-1, 100.5, 101, 1e19, .nan, .infinity, -.infinity] {
            #expect(count.violation(bad) != nil)
            #expect(count.integer(bad) == nil)
        }
        #expect(count.violation(1e19, written: "1e19") == "expected a whole number from 0 to 100, got 1e19")
        #expect(NumberRule.positive.violation(0) == "expected a number greater than 0 and at most 1e15, got 0")
        #expect(NumberRule.coordinate.violation(-1e15) == nil)
        #expect(NumberRule.coordinate.violation(1.0000000000000002e15) != nil)
        #expect(NumberRule.whole(0...(1 << 53)).expectation == "a whole number from 0 to 9007199254740992")
    }

    @Test func resultsBeyondTheCoordinateLimitBlameTheOption() {
        let fine = [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: -1e15, y: 0, width: 1e15, height: 1)]
        #expect(throws: Never.self) {
            try CoordinateCheck.check(fine, contentSize: Size(width: 1e15, height: 1), option: "step")
        }
        #expect(throws: LayoutError.self) {
            try CoordinateCheck.check([Rect(x: 1e15, y: 0, width: 1, height: 1)], contentSize: .zero, option: "step")
        }
        #expect(
            throws: LayoutError.option(
                field: "rowHeight",
                message:
                    "the content size would be 1 × inf, beyond the ±1e15-point limit of coordinates; check 'rowHeight' and the data"
            )
        ) {
            try CoordinateCheck.check([], contentSize: Size(width: 1, height: .infinity), option: "rowHeight")
        }
        #expect(!CoordinateCheck.isAllowed(Rect(x: .nan, y: 0, width: 1, height: 1)))
    }
}
