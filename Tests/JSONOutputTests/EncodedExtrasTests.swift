import JSON
import JSONOutput
import LayoutKit
import Testing

/// Extra fields held as encoded bytes are written exactly as the same fields held as values.
struct EncodedExtrasTests {
    func json(_ attributes: [LayoutAttributes], pretty: Bool = false) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.beginArray()
        for element in attributes { writer.attributes(element) }
        writer.endArray()
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    func both(_ extra: [String: Value], encoded bytes: [UInt8]? = nil) -> (LayoutAttributes, LayoutAttributes) {
        let frame = Rect(x: 1.5, y: 2, width: 3, height: 4)
        let asValues = LayoutAttributes(element: .cell(1, 2), frame: frame, zIndex: 1, extra: extra)
        let asBytes = LayoutAttributes(
            element: .cell(1, 2), frame: frame, zIndex: 1,
            extraFields: ExtraFields(encoded: (bytes ?? ValueWriter.encode(.map(extra)))[...]))
        return (asValues, asBytes)
    }

    @Test(arguments: [
        ["children": [[1, 0], [1, 1]]] as [String: Value],
        [
            "aa": 1, "b": "x\"y\n", "category2": [true, false, nil], "hiddenness": ["z": 1, "a": 2.5], "zz": [:],
            "title": "é",
        ],
        ["frame": 3, "kind": "shadowed", "x": -0.25],
    ])
    func encodedFieldsAreWrittenAsTheirValuesAre(extra: [String: Value]) {
        let (asValues, asBytes) = both(extra)
        #expect(asBytes == asValues)
        #expect(json([asBytes, asValues, asBytes]) == json([asValues, asValues, asValues]))
        #expect(json([asBytes], pretty: true) == json([asValues], pretty: true))
    }

    @Test func unsortedOrMalformedBytesAreWrittenAsTheyDecode() {
        // {"b": 1, "a": 2} with its keys out of order.
        var unsorted: [UInt8] = [6, 2, 0, 0, 0, 24, 0, 0, 0]
        unsorted +=
            [1, 0, 0, 0, UInt8(ascii: "b"), 3] + withUnsafeBytes(of: Double(1).bitPattern.littleEndian, Array.init)
        unsorted +=
            [1, 0, 0, 0, UInt8(ascii: "a"), 3] + withUnsafeBytes(of: Double(2).bitPattern.littleEndian, Array.init)
        let (asValues, asBytes) = both(["a": 2, "b": 1], encoded: unsorted)
        #expect(json([asBytes]) == json([asValues]))
        let truncated = Array(unsorted.prefix(20))
        let (decoded, cut) = both(ExtraFields(encoded: truncated[...]).values, encoded: truncated)
        #expect(json([cut]) == json([decoded]))
    }

    @Test func anEmptyEncodedMapIsNoFields() {
        #expect(ExtraFields(encoded: ValueWriter.encode(.map([:]))[...]).isEmpty)
        #expect(ExtraFields(encoded: [3, 0][...]).isEmpty)
    }
}
