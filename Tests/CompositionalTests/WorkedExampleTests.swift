import Compositional
import LayoutKit
import Testing

/// The contract's worked examples: §4 (Apple's Nested Groups, leaf by leaf) and §3.14 (a
/// footer's offset, then its pinning).
struct WorkedExampleTests {
    @Test func theNestedGroupsExampleGivesItsLeavesAndContent() throws {
        let layout = try Prepared.layout(SampleLayout.nestedGroups.options, counts: [4])
        let expected = [
            Rect(x: 10, y: 10, width: 242.5, height: 246.8),
            Rect(x: 272.5, y: 10, width: 92.5, height: 113.4),
            Rect(x: 272.5, y: 143.4, width: 92.5, height: 113.4),
            Rect(x: 10, y: 276.8, width: 242.5, height: 246.8),
        ]
        for (item, frame) in expected.enumerated() {
            let attributes = try #require(layout.attributes(for: .cell(0, item)))
            #expect(Tolerance.isClose(attributes.frame, frame), "item \(item): \(attributes.frame)")
            #expect(attributes.zIndex == 0)
        }
        #expect(Tolerance.isClose(layout.contentSize, Size(width: 375, height: 533.6)))
        #expect(layout.numberOfElements == 4)
    }

    /// 30 items of 50 in one column, a pinned footer 20 tall offset by y 5.
    static let footerOptions = Describe.options([
        Describe.list(
            height: 50,
            [
                "boundarySupplementaryItems": [
                    [
                        "kind": "footer", "size": Describe.size(Describe.fractionalWidth(1), Describe.absolute(20)),
                        "alignment": "bottom", "pinToVisibleBounds": true, "offset": ["x": 0, "y": 5],
                    ]
                ]
            ])
    ])

    @Test func aFooterIsOffsetThenPinned() throws {
        let layout = try Prepared.layout(Self.footerOptions, counts: [30])
        #expect(layout.contentSize == Size(width: 375, height: 1520))
        let footer = ElementID.supplementary("footer", 0, 0)
        #expect(layout.attributes(for: footer)?.frame == Rect(x: 0, y: 647, width: 375, height: 20))
        let scrolled = Rect(x: 0, y: 900, width: 375, height: 667)
        #expect(layout.shouldInvalidate(forBoundsChange: scrolled))
        #expect(layout.invalidation(forBoundsChange: scrolled) == .bounds)
        layout.invalidate(.bounds)
        try layout.prepare(LayoutContext(dataSource: Prepared.data([30]).source, bounds: scrolled))
        #expect(layout.attributes(for: footer)?.frame == Rect(x: 0, y: 1505, width: 375, height: 20))
        #expect(layout.elements(in: scrolled).last?.element == footer)
        #expect(layout.contentSize == Size(width: 375, height: 1520))
    }
}
