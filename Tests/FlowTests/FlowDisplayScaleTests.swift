import Flow
import LayoutKit
import Testing

/// `displayScale` (§11): origins — after pinning — rounded to the screen's pixels, halves away
/// from zero; sizes and the content size never.
struct FlowDisplayScaleTests {
    @Test func withoutAScaleFramesAreExact() throws {
        let layout = try FlowTesting.prepared(
            ["itemSize": ["width": 20, "height": 20], "minimumInteritemSpacing": 5], [FlowTesting.plain(4)],
            bounds: FlowTesting.viewport(width: 100))
        let gap: Double = (100 - 4 * 20) / 3
        #expect(layout.attributes(for: .cell(0, 1))?.frame.x == 20 + gap)
    }

    @Test(arguments: [(1.0, -10.0), (2.0, -10.5), (3.0, -31.0 / 3), (4.0, -10.25)] as [(Double, Double)])
    func halvesRoundAwayFromZero(scale: Double, x: Double) throws {
        // A 120.5-wide item centred in a 100-wide view: m = −10.25.
        let layout = try FlowTesting.prepared(
            ["itemSize": ["width": 120.5, "height": 40], "displayScale": .number(scale)], [FlowTesting.plain(1)],
            bounds: FlowTesting.viewport(width: 100))
        #expect(layout.attributes(for: .cell(0, 0))?.frame == Rect(x: x, y: 0, width: 120.5, height: 40))
    }

    @Test func sizesAndTheContentSizeAreNotRounded() throws {
        let options: [String: Value] = [
            "itemSize": ["width": 33.3, "height": 10.4], "headerReferenceSize": ["height": 10.3], "displayScale": 1,
        ]
        let layout = try FlowTesting.prepared(options, [FlowTesting.plain(2)], bounds: FlowTesting.viewport(width: 80))
        #expect(layout.attributes(for: .cell(0, 0))?.frame == Rect(x: 0, y: 10, width: 33.3, height: 10.4))
        // Two columns, gap 80 − 66.6: m = 46.7 → 47.
        #expect(layout.attributes(for: .cell(0, 1))?.frame == Rect(x: 47, y: 10, width: 33.3, height: 10.4))
        #expect(
            layout.attributes(for: .supplementary("header", 0, 0))?.frame == Rect(x: 0, y: 0, width: 80, height: 10.3))
        #expect(layout.contentSize == Size(width: 80, height: 10.3 + 0 + 1 * (10.4 + 10) - 10))
    }

    @Test func pinnedOriginsAreRoundedAfterPinning() throws {
        let options: [String: Value] = [
            "headerReferenceSize": ["height": 30], "sectionHeadersPinToVisibleBounds": true, "displayScale": 2,
        ]
        let layout = try FlowTesting.prepared(
            options, [FlowTesting.plain(12)], bounds: Rect(x: 0, y: 33.3, width: 200, height: 100))
        #expect(layout.attributes(for: .supplementary("header", 0, 0))?.frame.y == 33.5)
        #expect(
            layout.elements(in: Rect(x: 0, y: 63.35, width: 200, height: 0.1)).map(\.element).contains(
                .supplementary("header", 0, 0)))
    }

    @Test func roundingHalfAPixelPastTheEndIsDeclaredAsOverflow() throws {
        // A header 10.3 tall at y = 0 and a line of items 40.2 tall at y = round(10.3) = 10: the
        // items end at 50.2, the content at 50.5 — inside. With a 0.3 inset they start at 10.6 → 11,
        // end at 51.2, past the content's 50.8.
        let inside = try FlowTesting.prepared(
            ["itemSize": ["width": 40, "height": 40.2], "headerReferenceSize": ["height": 10.3], "displayScale": 1],
            [FlowTesting.plain(2)], bounds: FlowTesting.viewport(width: 100))
        #expect(inside.contentOverflow == [])
        let past = try FlowTesting.prepared(
            [
                "itemSize": ["width": 40, "height": 40.2], "headerReferenceSize": ["height": 10.3],
                "sectionInset": ["top": 0.3], "displayScale": 1,
            ], [FlowTesting.plain(2)], bounds: FlowTesting.viewport(width: 100))
        #expect(abs(past.contentSize.height - 50.8) < 1e-9)
        #expect(abs(past.attributes(for: .cell(0, 0))!.frame.maxY - 51.2) < 1e-9)
        #expect(past.contentOverflow == .vertical)
    }
}
