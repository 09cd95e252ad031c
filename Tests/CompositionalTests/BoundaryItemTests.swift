import Compositional
import LayoutKit
import Testing

/// Headers and footers (§3.7): alignments in both scroll directions, extending or not,
/// following the section's insets or not, pinned to the bounds.
struct BoundaryItemTests {
    static func boundary(
        _ kind: String, _ alignment: String, _ width: Value, _ height: Value, _ more: [String: Value] = [:]
    )
        -> Value
    {
        var item = more
        item["kind"] = .string(kind)
        item["alignment"] = .string(alignment)
        item["size"] = Describe.size(width, height)
        return .map(item)
    }

    @Test func verticalAlignmentsPlaceItemsAcrossAndOnTheirBoundary() throws {
        let items: [Value] = [
            Self.boundary("a", "top", Describe.absolute(100), Describe.absolute(30)),
            Self.boundary("b", "topLeading", Describe.absolute(100), Describe.absolute(30)),
            Self.boundary("c", "topTrailing", Describe.absolute(100), Describe.absolute(30)),
            Self.boundary("d", "bottom", Describe.absolute(100), Describe.absolute(20)),
            Self.boundary("e", "bottomLeading", Describe.absolute(100), Describe.absolute(20)),
            Self.boundary("f", "bottomTrailing", Describe.absolute(100), Describe.absolute(20)),
        ]
        let section = Describe.list(
            height: 50, ["boundarySupplementaryItems": .list(items), "contentInsets": ["leading": 10, "trailing": 20]])
        let layout = try Prepared.layout(Describe.options([section]), counts: [2])
        // Container width 345 from x 10; the headers overlap at the top, the footers below the content.
        let expected: [String: Rect] = [
            "a": Rect(x: 132.5, y: 0, width: 100, height: 30), "b": Rect(x: 10, y: 0, width: 100, height: 30),
            "c": Rect(x: 255, y: 0, width: 100, height: 30), "d": Rect(x: 132.5, y: 130, width: 100, height: 20),
            "e": Rect(x: 10, y: 130, width: 100, height: 20), "f": Rect(x: 255, y: 130, width: 100, height: 20),
        ]
        for (kind, frame) in expected {
            #expect(
                layout.attributes(for: .supplementary(kind, 0, 0))
                    == LayoutAttributes(
                        element: .supplementary(kind, 0, 0), frame: frame, zIndex: 1))
        }
        #expect(layout.attributes(for: .cell(0, 0))?.frame == Rect(x: 10, y: 30, width: 345, height: 50))
        #expect(layout.contentSize == Size(width: 375, height: 150))
        #expect(
            Prepared.all(layout).map(\.element)
                == [.cell(0, 0), .cell(0, 1)] + ["a", "b", "c", "d", "e", "f"].map { .supplementary($0, 0, 0) })
    }

    @Test func aHorizontalLayoutRunsSectionsAlongX() throws {
        let section = Describe.section(
            Describe.group(
                "vertical", Describe.absolute(100), Describe.fractionalHeight(1),
                ["subitems": [Describe.item(Describe.fractionalWidth(1), Describe.fractionalHeight(1))]]),
            [
                "interGroupSpacing": 10, "contentInsets": ["top": 10, "bottom": 20, "leading": 5],
                "boundarySupplementaryItems": [
                    Self.boundary("header", "leading", Describe.absolute(40), Describe.fractionalHeight(1)),
                    Self.boundary("footer", "bottomTrailing", Describe.absolute(30), Describe.absolute(100)),
                    Self.boundary(
                        "tag", "topLeading", Describe.absolute(30), Describe.absolute(100), ["extendsBoundary": false]),
                ],
            ])
        let layout = try Prepared.layout(
            Describe.options([section], configuration: ["scrollDirection": "horizontal"]), counts: [3])
        // Container 370 × 637 from (5, 10): header 40 wide, groups from x 45, each 100 × 637.
        #expect(
            layout.attributes(for: .supplementary("header", 0, 0))?.frame == Rect(x: 0, y: 10, width: 40, height: 637))
        #expect(
            layout.attributes(for: .supplementary("tag", 0, 0))?.frame == Rect(x: 40, y: 10, width: 30, height: 100))
        #expect(layout.attributes(for: .cell(0, 0))?.frame == Rect(x: 45, y: 10, width: 100, height: 637))
        #expect(layout.attributes(for: .cell(0, 2))?.frame == Rect(x: 265, y: 10, width: 100, height: 637))
        #expect(
            layout.attributes(for: .supplementary("footer", 0, 0))?.frame
                == Rect(x: 365, y: 547, width: 30, height: 100))
        #expect(layout.contentSize == Size(width: 395, height: 667))
        #expect(layout.contentOverflow == [])
    }

    @Test func itemsThatDoNotExtendLieOnTheContentsEdges() throws {
        let section = Describe.list(
            height: 50,
            [
                "contentInsets": ["top": 5, "bottom": 5],
                "boundarySupplementaryItems": [
                    Self.boundary(
                        "header", "top", Describe.fractionalWidth(1), Describe.absolute(30), ["extendsBoundary": false]),
                    Self.boundary(
                        "footer", "bottom", Describe.fractionalWidth(1), Describe.absolute(20),
                        ["extendsBoundary": false]),
                ],
            ])
        let layout = try Prepared.layout(Describe.options([section]), counts: [2])
        #expect(
            layout.attributes(for: .supplementary("header", 0, 0))?.frame == Rect(x: 0, y: 0, width: 375, height: 30))
        #expect(
            layout.attributes(for: .supplementary("footer", 0, 0))?.frame == Rect(x: 0, y: 90, width: 375, height: 20))
        #expect(layout.attributes(for: .cell(0, 0))?.frame == Rect(x: 0, y: 5, width: 375, height: 50))
        #expect(layout.contentSize == Size(width: 375, height: 110))
    }

    @Test func supplementariesFollowTheContentInsetsUnlessToldNot() throws {
        func header(follows: Bool) throws -> Rect? {
            let section = Describe.list(
                height: 50,
                [
                    "contentInsets": ["top": 40, "leading": 10, "trailing": 20, "bottom": 27],
                    "supplementariesFollowContentInsets": .bool(follows),
                    "boundarySupplementaryItems": [
                        Self.boundary("header", "top", Describe.fractionalWidth(1), Describe.fractionalHeight(0.1))
                    ],
                ])
            return try Prepared.layout(Describe.options([section]), counts: [1])
                .attributes(for: .supplementary("header", 0, 0))?.frame
        }
        #expect(try header(follows: true) == Rect(x: 10, y: 0, width: 345, height: 60))
        #expect(try header(follows: false) == Rect(x: 0, y: 0, width: 375, height: 66.7))
    }

    static let pinned = Describe.list(
        height: 50,
        [
            "boundarySupplementaryItems": [
                Self.boundary(
                    "header", "top", Describe.fractionalWidth(1), Describe.absolute(40), ["pinToVisibleBounds": true])
            ]
        ])

    @Test(arguments: [(0.0, 0.0), (300, 300), (1000, 1000), (1020, 1000), (1100, 1060), (5000, 1060)])
    func aPinnedHeaderFollowsTheBoundsUntilItsSectionEnds(boundsY: Double, headerY: Double) throws {
        // Section 0 spans 0…1040 (header 40, 20 items of 50); section 1 from 1060 (spacing 20).
        let options = Describe.options([Self.pinned], configuration: ["interSectionSpacing": 20])
        let layout = try Prepared.layout(options, counts: [20, 20])
        layout.invalidate(.bounds)
        try layout.prepare(
            LayoutContext(
                dataSource: Prepared.data([20, 20]).source, bounds: Rect(x: 0, y: boundsY, width: 375, height: 667)))
        let first = try #require(layout.attributes(for: .supplementary("header", 0, 0)))
        #expect(first.frame.minY == min(headerY, 1000))
        #expect(first.zIndex == 1)
        let second = try #require(layout.attributes(for: .supplementary("header", 1, 0)))
        #expect(second.frame.minY == max(1060, min(boundsY, 2060)))
        let visible = layout.elements(in: Rect(x: 0, y: boundsY, width: 375, height: 667))
        #expect(visible.contains { $0.element == .supplementary("header", 0, 0) } == (boundsY < 1040))
    }

    @Test func aPinnedFooterFloatsAtTheBoundsBottomDownToItsSectionsStart() throws {
        let footer = Self.boundary(
            "footer", "bottom", Describe.fractionalWidth(1), Describe.absolute(20), ["pinToVisibleBounds": true])
        let options = Describe.options([Describe.list(height: 50, ["boundarySupplementaryItems": [footer]])])
        let layout = try Prepared.layout(
            options, counts: [4, 30], bounds: Rect(x: 0, y: -900, width: 375, height: 667))
        // Section 1 spans 220…1740: its footer cannot rise above 220.
        #expect(layout.attributes(for: .supplementary("footer", 1, 0))?.frame.minY == 220)
        #expect(layout.attributes(for: .supplementary("footer", 0, 0))?.frame.minY == 0)
    }
}
