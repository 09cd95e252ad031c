import JSON
import JSONOutput
import LayoutKit
import Testing

/// Attributes without extra fields — compact ones take a fast road of their own — equal what
/// the structural writer writes key by key.
struct PlainAttributesTests {
    /// The attributes written through the public structural API, one key at a time.
    func byKey(_ attributes: LayoutAttributes, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("alpha"); writer.number(attributes.alpha)
        writer.key("category"); writer.string(attributes.element.category.name)
        writer.key("frame"); writer.rect(attributes.frame)
        writer.key("hidden"); writer.bool(attributes.isHidden)
        writer.key("item"); writer.integer(attributes.element.path.item)
        writer.key("kind")
        if let kind = attributes.element.kind { writer.string(kind) } else { writer.null() }
        writer.key("section"); writer.integer(attributes.element.path.section)
        writer.key("zIndex"); writer.integer(attributes.zIndex)
        writer.endObject()
    }

    @Test(arguments: [(0, false), (1, false), (0, true), (1, true), (3, true)])
    func plainAttributesMatchTheStructuralWriter(depth: Int, pretty: Bool) {
        let elements = [
            LayoutAttributes(element: .cell(0, 1), frame: Rect(x: 10, y: 20.5, width: 120, height: 40)),
            LayoutAttributes(
                element: .supplementary("connector", 2, 3), frame: Rect(x: -1.25, y: 0, width: 1e12, height: 0.1),
                zIndex: -2, alpha: 0.5, isHidden: true),
            LayoutAttributes(element: .decoration("separator", 4, 0), frame: .zero, zIndex: 2),
            LayoutAttributes(
                element: .supplementary("quote\"d", 5, 6), frame: Rect(x: 1e-7, y: 3, width: 2, height: 1),
                zIndex: 1_000_000),
            LayoutAttributes(element: .cell(7, 8), frame: Rect(x: .nan, y: 0, width: 1, height: 1)),
        ]
        func document(_ body: (inout JSONWriter) -> Void) -> String {
            var writer = JSONWriter(pretty: pretty)
            for _ in 0..<depth { writer.beginArray() }
            writer.beginArray()
            body(&writer)
            writer.endArray()
            for _ in 0..<depth { writer.endArray() }
            return String(decoding: writer.bytes, as: UTF8.self)
        }
        let fast = document { writer in for element in elements { writer.attributes(element) } }
        let slow = document { writer in for element in elements { byKey(element, into: &writer) } }
        #expect(fast == slow)
        #expect(fast.contains("\"zIndex\":1000000") || fast.contains("\"zIndex\": 1000000"))
    }
}
