import LayoutKit
import Testing

/// `fields(_:_:at:)`: two keys of a map read in one pass without decoding it.
struct MapFieldTests {
    static func fields(_ value: Value) -> (MapField, MapField) {
        ValueWriter.encode(value).withUnsafeBytes { ValueReader($0).fields("width", "height", at: 0) }
    }

    @Test func numbersAreReadAndMissingKeysAreAbsent() {
        #expect(Self.fields(["width": 80, "height": 20.5]) == (.number(80), .number(20.5)))
        #expect(Self.fields(["height": 3, "label": "x", "list": [1, 2]]) == (.absent, .number(3)))
        #expect(Self.fields(["width": 7, "widths": 1, "heigh": 2]) == (.number(7), .absent))
        #expect(Self.fields([:]) == (.absent, .absent))
    }

    @Test func aValueThatIsNotAMapHasNoFields() {
        for value: Value in [80, "width", [80, 20], nil, true] {
            #expect(Self.fields(value) == (.absent, .absent))
        }
    }

    @Test func aFieldThatIsNotANumberIsDecoded() {
        #expect(Self.fields(["width": "wide", "height": [1]]) == (.other("wide"), .other([1])))
        #expect(Self.fields(["width": nil, "height": ["a": 1]]) == (.other(nil), .other(["a": 1])))
    }

    @Test func anItemsFieldsAreReadByPath() {
        let data = DataSet.sections([[1], [["width": 4], ["height": 5, "width": "x"]]]).source
        #expect(data.fields("width", "height", at: ItemPath(section: 0, item: 0)) == (.absent, .absent))
        #expect(data.fields("width", "height", at: ItemPath(section: 1, item: 0)) == (.number(4), .absent))
        #expect(data.fields("width", "height", at: ItemPath(section: 1, item: 1)) == (.other("x"), .number(5)))
    }

    @Test(arguments: 0..<200)
    func truncatedOrCorruptBytesNeverReadOutOfBounds(seed: UInt64) {
        var bytes = ValueWriter.encode(["width": 3, "height": "x", "nested": ["width": [true]]])
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bytes.count))
        }
        if seed.isMultiple(of: 2) {
            bytes = Array(bytes.prefix(next()))
        } else {
            for _ in 0..<4 { bytes[next()] = UInt8(truncatingIfNeeded: next()) }
        }
        _ = bytes.withUnsafeBytes { ValueReader($0).fields("width", "height", at: 0) }
        _ = bytes.withUnsafeBytes { ValueReader($0).fields("width", "height", at: bytes.count + 3) }
    }
}
