import Foundation
import JSON
import JSONOutput
import LayoutKit
import Testing

struct JSONWriterTests {
    func text(_ build: (inout JSONWriter) -> Void, pretty: Bool = false) -> String {
        var writer = JSONWriter(pretty: pretty)
        build(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func numbersAreIntegersWhenIntegralAndRoundTripOtherwise() {
        let numbers: [Double] = [0, -0.0, 120, -3, 0.1, 1.0 / 3, 1e-7, 123_456_789_012_345, 1e15, 2.5e300, -7.25]
        let json = text { writer in
            writer.beginArray()
            for number in numbers { writer.number(number) }
            writer.endArray()
        }
        #expect(json == "[0,0,120,-3,0.1,0.3333333333333333,1e-07,123456789012345,1000000000000000,2.5e+300,-7.25]")
        let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Double]
        #expect(parsed == numbers)
    }

    @Test func nonFiniteNumbersBecomeNull() {
        #expect(
            text {
                $0.beginArray(); $0.number(.nan); $0.number(.infinity); $0.endArray()
            } == "[null,null]")
    }

    @Test func stringsAreEscaped() {
        #expect(text { $0.string("a\"b\\c\nd\te\u{1}f é 🎉") } == #""a\"b\\c\nd\te\u0001f é 🎉""#)
    }

    @Test func attributesHaveSortedKeysWithExtraFieldsInPlace() {
        var attributes = LayoutAttributes(
            element: .supplementary("connector", 1, 2), frame: Rect(x: 130, y: 50.5, width: 20, height: 90),
            zIndex: 2, alpha: 0.5, isHidden: true)
        attributes.extra = ["children": [[2, 0]], "title": "x"]
        #expect(
            text { $0.attributes(attributes) } == """
                {"alpha":0.5,"category":"supplementary","children":[[2,0]],"frame":{"height":90,"width":20,"x":130,"y":50.5},\
                "hidden":true,"item":2,"kind":"connector","section":1,"title":"x","zIndex":2}
                """)
        #expect(text { $0.attributes(LayoutAttributes(element: .cell(0, 0), frame: .zero)) }.contains(#""kind":null"#))
    }

    @Test func prettyOutputIndentsTwoSpaces() {
        let json = text(
            { writer in
                writer.beginObject()
                writer.key("a"); writer.value([1, [:], []])
                writer.key("b"); writer.value(["z": true, "y": nil])
                writer.endObject()
            }, pretty: true)
        #expect(
            json == """
                {
                  "a": [
                    1,
                    {},
                    []
                  ],
                  "b": {
                    "y": null,
                    "z": true
                  }
                }
                """)
    }
}
