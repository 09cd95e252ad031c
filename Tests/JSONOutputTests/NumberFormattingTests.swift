import Foundation
import JSON
import JSONOutput
import LayoutKit
import NumberText
import Testing

/// The attributes fast path writes integers two digits at a time, and `exactInteger` decides
/// whole-ness by converting back: both against the plain definitions.
struct NumberFormattingTests {
    static let integers: [Int] = {
        var values = [
            0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 1001, 9999, 10_000, 65_535, 99_999_999, 100_000_000,
            Int.max, Int.min, Int.max - 1, Int.min + 1,
        ]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        var state: UInt64 = 12_345
        for _ in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Int(truncatingIfNeeded: state) >> Int(state % 63))
        }
        return values + values.map { $0 == Int.min ? 0 : -$0 }
    }()

    @Test func indexPathsAndZIndexesAreWrittenAsStringDescribesThem() throws {
        for value in Self.integers {
            var writer = JSONWriter()
            writer.attributes(
                category: .cell, kind: nil, section: value, item: value, frame: Rect(x: 0, y: 0, width: 1, height: 1),
                zIndex: value, alpha: 1, isHidden: false, encodedExtras: nil)
            let text = String(decoding: writer.bytes, as: UTF8.self)
            #expect(
                text.hasSuffix("\"item\":\(value),\"kind\":null,\"section\":\(value),\"zIndex\":\(value)}"), "\(value)")
        }
    }

    @Test func exactIntegerIsWholeAndAtMostTwoToThe53() {
        let specials: [Double] = [
            0, -0.0, 0.5, -0.5, 1, -1, 1.5, 0x1p53, -0x1p53, 0x1p53 + 2, -0x1p53 - 2, 0x1p52 + 0.5,
            1e300, -1e300, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        ]
        var doubles = specials
        var state: UInt64 = 99
        for _ in 0..<5000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let random = Double(bitPattern: state)
            doubles += [random, random.rounded(.towardZero), Double(Int(truncatingIfNeeded: state) >> Int(state % 63))]
        }
        for value in doubles {
            let expected = value == value.rounded(.towardZero) && abs(value) <= 0x1p53 ? Int(value) : nil
            #expect(value.exactInteger == expected, "\(value)")
        }
    }
}
