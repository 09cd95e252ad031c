import LayoutKit
import TestSupport
import Testing

struct ValueEncodingTests {
    static let samples: [Value] = [
        .null, true, false, 0, -1.5, 1e300, "", "héllo\n\"world\"", [], [1, [2, [3]]],
        [:], ["b": 1, "a": ["x": nil, "y": [true, "z"]]],
    ]

    @Test(arguments: samples)
    func everyValueSurvivesARoundTrip(value: Value) {
        let bytes = ValueWriter.encode(value)
        let decoded = bytes.withUnsafeBytes { ValueReader($0).value(at: 0) }
        #expect(decoded == value)
    }

    @Test func equalMapsEncodeToEqualBytes() {
        let one: Value = ["a": 1, "b": 2, "c": 3]
        let other = Value.map(Dictionary(uniqueKeysWithValues: [("c", 3), ("a", 1), ("b", 2)]))
        #expect(ValueWriter.encode(one) == ValueWriter.encode(other))
    }

    @Test func aNumberOrAMapFieldIsReadWithoutDecoding() {
        func number(_ value: Value, _ field: String?) -> Double? {
            ValueWriter.encode(value).withUnsafeBytes { ValueReader($0).number(at: 0, field: field) }
        }
        #expect(number(120, "size") == 120)
        #expect(number(["label": "x", "list": [1, 2], "size": 80], "size") == 80)
        #expect(number(["size": "80"], "size") == nil)
        #expect(number(["width": 80], "size") == nil)
        #expect(number(["size": 80], nil) == nil)
        #expect(number("80", "size") == nil)
    }

    @Test(arguments: 0..<200)
    func truncatedOrCorruptBytesNeverReadOutOfBounds(seed: Int) {
        var bytes = ValueWriter.encode(["name": "x", "values": [1, 2, 3], "nested": ["deep": [true]]])
        var random = SplitMix(seed: UInt64(seed))
        if seed.isMultiple(of: 2) {
            bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count))))
        } else {
            for _ in 0..<4 {
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            }
        }
        _ = bytes.withUnsafeBytes { ValueReader($0).value(at: 0) }
        _ = bytes.withUnsafeBytes { ValueReader($0).number(at: 0, field: "values") }
    }
}
