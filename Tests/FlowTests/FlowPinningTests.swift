import Flow
import LayoutKit
import Testing

/// Pinned headers and footers (§9): placed from the bounds at query time, always inside
/// their section.
struct FlowPinningTests {
    static let twoSections = [FlowTesting.plain(6), FlowTesting.plain(6)]
    static let pinnedHeaders: [String: Value] = [
        "headerReferenceSize": ["height": 30], "sectionHeadersPinToVisibleBounds": true,
    ]

    /// The headers' y after a prepare at a viewport 200 wide whose top is at `y`.
    static func headerTops(_ options: [String: Value], atY y: Double) throws -> [Double] {
        let layout = try FlowTesting.prepared(options, twoSections, bounds: Rect(x: 0, y: y, width: 200, height: 100))
        return (0..<2).map { layout.attributes(for: .supplementary("header", $0, 0))!.frame.y }
    }

    @Test(arguments: [(-20.0, 0.0, 140.0), (0, 0, 140), (50, 50, 140), (125, 110, 140), (200, 110, 200)])
    func pinnedHeadersFollowTheTopOfTheBounds(y: Double, first: Double, second: Double) throws {
        #expect(try Self.headerTops(Self.pinnedHeaders, atY: y) == [first, second])
    }

    @Test func aPinnedHeaderStopsAboveItsSectionsFooter() throws {
        var options = Self.pinnedHeaders
        options["footerReferenceSize"] = ["height": 20]
        // Section 0 runs from 0 to 30 + 110 + 20 = 160; its header stops at 160 − 20 − 30.
        #expect(try Self.headerTops(options, atY: 125) == [110, 160])
        #expect(try Self.headerTops(options, atY: 150) == [110, 160])
        #expect(try Self.headerTops(options, atY: 170) == [110, 170])
    }

    @Test func headersWithoutPinningStayAtTheirSectionsStart() throws {
        #expect(try Self.headerTops(["headerReferenceSize": ["height": 30]], atY: 125) == [0, 140])
    }

    /// Footers 20 tall under 30-tall headers: sections 0…160 and 160…320, footers naturally at 140 and 300.
    @Test(arguments: [(0.0, 80.0, 190.0), (100, 140, 190), (200, 140, 280), (250, 140, 300)])
    func pinnedFootersFollowTheBottomOfTheBoundsBelowTheirHeader(y: Double, first: Double, second: Double) throws {
        let options: [String: Value] = [
            "headerReferenceSize": ["height": 30], "footerReferenceSize": ["height": 20],
            "sectionFootersPinToVisibleBounds": true,
        ]
        let layout = try FlowTesting.prepared(
            options, Self.twoSections, bounds: Rect(x: 0, y: y, width: 200, height: 100))
        let tops = (0..<2).map { layout.attributes(for: .supplementary("footer", $0, 0))!.frame }
        #expect(tops == [Rect(x: 0, y: first, width: 200, height: 20), Rect(x: 0, y: second, width: 200, height: 20)])
    }

    @Test func pinnedFramesAreWhatTheQueriesReturnWithZIndex10() throws {
        let layout = try FlowTesting.prepared(
            Self.pinnedHeaders, Self.twoSections, bounds: Rect(x: 0, y: 125, width: 200, height: 100))
        let headers = layout.elements(in: Rect(x: 0, y: 100, width: 200, height: 60)).filter {
            $0.element.kind == "header"
        }
        #expect(
            headers == [
                LayoutAttributes(
                    element: .supplementary("header", 0, 0), frame: Rect(x: 0, y: 110, width: 200, height: 30),
                    zIndex: 10),
                LayoutAttributes(
                    element: .supplementary("header", 1, 0), frame: Rect(x: 0, y: 140, width: 200, height: 30),
                    zIndex: 10),
            ])
        // Pinned away from its natural place, header 0 is no longer in a rect around that place.
        #expect(
            layout.elements(in: Rect(x: 0, y: 0, width: 200, height: 20)).allSatisfy { $0.element.category == .cell })
    }

    @Test func horizontalHeadersPinToTheLeftOfTheBounds() throws {
        let options: [String: Value] = [
            "scrollDirection": "horizontal", "headerReferenceSize": ["width": 20],
            "sectionHeadersPinToVisibleBounds": true,
        ]
        let layout = try FlowTesting.prepared(
            options, [FlowTesting.plain(9)], bounds: Rect(x: 70, y: 0, width: 100, height: 130))
        // Section 0: header 20 wide, five columns of two: 20 + 5 × 60 − 10 = 310 long.
        #expect(
            layout.attributes(for: .supplementary("header", 0, 0))?.frame == Rect(x: 70, y: 0, width: 20, height: 130))
        try layout.prepare(
            LayoutContext(
                dataSource: DataSet.items(FlowTesting.plain(9)).source,
                bounds: Rect(x: 400, y: 0, width: 100, height: 130)))
        #expect(layout.attributes(for: .supplementary("header", 0, 0))?.frame.x == 290)
    }
}
