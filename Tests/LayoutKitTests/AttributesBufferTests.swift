import CLayoutABI
import LayoutKit
import Testing

/// Attributes written into a host buffer the way a plugin writes them read back unchanged.
struct AttributesBufferTests {
    @Test func recordsAndExtraFieldsRoundTripAndTheBufferGrows() {
        let buffer = AttributesBuffer(records: 1, extraBytes: 1)
        let kinds = ["connector", "separator"]
        let kindIndex = ["connector": Int32(0), "separator": 1]
        let written = (0..<100).map(Self.sample)
        var scratch = ValueWriter()
        for attributes in written { #expect(buffer.sink.append(attributes, kindIndex: kindIndex, scratch: &scratch)) }
        #expect(buffer.count == 100)
        #expect((0..<100).map { buffer.attributes(at: $0, kinds: kinds) } == written)
        buffer.reset()
        #expect(buffer.count == 0)
    }

    static func sample(_ index: Int) -> LayoutAttributes {
        let element: ElementID = index % 3 == 0 ? .supplementary("connector", 1, index) : .cell(0, index)
        let extra: [String: Value] =
            index % 2 == 0 ? ["children": [[1, .number(Double(index))]], "title": .string("n\(index)")] : [:]
        return LayoutAttributes(
            element: element, frame: Rect(x: Double(index), y: 0.5, width: 10, height: 20),
            zIndex: index % 4, alpha: 0.25, isHidden: index % 5 == 0, extra: extra)
    }

    @Test func anUndeclaredKindIsRefused() {
        let buffer = AttributesBuffer()
        var scratch = ValueWriter()
        let attributes = LayoutAttributes(element: .supplementary("mystery", 0, 0), frame: .zero)
        #expect(!buffer.sink.append(attributes, kindIndex: [:], scratch: &scratch))
    }
}
