import Compositional
import LayoutKit
import Testing

/// Badges (§3.8) anchored to their cells, and backgrounds (§3.9) over their sections.
struct BadgeAndBackgroundTests {
    static func badge(_ kind: String, edges: [String], _ more: [String: Value] = [:], size: Value? = nil) -> Value {
        var anchor: [String: Value] = ["edges": .list(edges.map { .string($0) })]
        var badge: [String: Value] = [
            "kind": .string(kind), "size": size ?? Describe.size(Describe.absolute(20), Describe.absolute(20)),
        ]
        for (key, value) in more {
            if key.hasSuffix("Offset") { anchor[key] = value } else { badge[key] = value }
        }
        badge["containerAnchor"] = .map(anchor)
        return .map(badge)
    }

    /// Rows of three 125 × 100 cells, each with `badges`, the item inset by `insets`.
    static func options(_ badges: [Value], insets: Value? = nil) -> [String: Value] {
        var item: [String: Value] = ["supplementaryItems": .list(badges)]
        if let insets { item["contentInsets"] = insets }
        return Describe.options([
            Describe.section(
                Describe.group(
                    "horizontal", Describe.fractionalWidth(1), Describe.absolute(100),
                    ["subitems": [Describe.item(Describe.absolute(125), Describe.fractionalHeight(1), item)]]))
        ])
    }

    @Test func badgesAnchorToTheirCellsEdgesWithOffsets() throws {
        let layout = try Prepared.layout(
            Self.options([
                Self.badge(
                    "corner", edges: ["top", "trailing"], ["fractionalOffset": ["x": 0.5, "y": -0.5], "zIndex": 5]),
                Self.badge("middle", edges: [], ["absoluteOffset": ["x": 3, "y": 4]]),
                Self.badge("low", edges: ["bottom", "leading"]),
                Self.badge(
                    "quarter", edges: ["bottom"],
                    size: Describe.size(Describe.fractionalWidth(0.25), Describe.fractionalHeight(0.5))),
            ]),
            counts: [4])
        func badge(_ kind: String, _ item: Int) -> LayoutAttributes? {
            layout.attributes(for: .supplementary(kind, 0, item))
        }
        #expect(
            badge("corner", 0)
                == LayoutAttributes(
                    element: .supplementary("corner", 0, 0), frame: Rect(x: 115, y: -10, width: 20, height: 20),
                    zIndex: 5))
        #expect(badge("corner", 2)?.frame == Rect(x: 365, y: -10, width: 20, height: 20))
        #expect(
            badge("middle", 1)
                == LayoutAttributes(
                    element: .supplementary("middle", 0, 1), frame: Rect(x: 180.5, y: 44, width: 20, height: 20),
                    zIndex: 1))
        #expect(badge("low", 3)?.frame == Rect(x: 0, y: 180, width: 20, height: 20))
        #expect(badge("quarter", 0)?.frame == Rect(x: 46.875, y: 50, width: 31.25, height: 50))
        #expect(badge("nothing", 0) == nil)
        #expect(badge("low", 4) == nil)
        // The third cell's corner badge pokes out of the content's width, the first row's above its top.
        #expect(layout.contentOverflow == [.horizontal, .vertical])
        #expect(layout.numberOfElements == 4 * 5)
        #expect(layout.elementBudget == ElementBudget(perItem: 5, perSection: 0))
        let kinds = try #require(layout.elementKinds)
        #expect(kinds.map(\.name) == ["corner", "low", "middle", "quarter"])
        #expect(kinds.allSatisfy { $0.category == .supplementary })
    }

    @Test func badgesAnchorToTheCellAfterItsInsets() throws {
        let layout = try Prepared.layout(
            Self.options([Self.badge("dot", edges: ["top", "leading"])], insets: Describe.insets(10, 10, 10, 10)),
            counts: [1])
        #expect(layout.attributes(for: .cell(0, 0))?.frame == Rect(x: 10, y: 10, width: 105, height: 80))
        #expect(layout.attributes(for: .supplementary("dot", 0, 0))?.frame == Rect(x: 10, y: 10, width: 20, height: 20))
        #expect(layout.contentOverflow == [])
    }

    static let background: Value = [
        "kind": "background", "contentInsets": ["top": 5, "leading": 5, "bottom": 5, "trailing": 5],
    ]

    @Test func aBackgroundCoversItsWholeSectionLessItsInsets() throws {
        let header = BoundaryItemTests.boundary("header", "top", Describe.fractionalWidth(1), Describe.absolute(30))
        let section = Describe.list(
            height: 50,
            [
                "contentInsets": ["top": 10, "bottom": 10, "leading": 5],
                "boundarySupplementaryItems": [header],
                "decorationItems": [Self.background, ["kind": "tint", "zIndex": -1]],
            ])
        let layout = try Prepared.layout(
            Describe.options([section], configuration: ["interSectionSpacing": 20]), counts: [2, 0])
        // Section 0 spans 0…150 (header 30, insets 10 + 10, two rows); the empty section 170…220.
        #expect(
            layout.attributes(for: .decoration("background", 0, 0))
                == LayoutAttributes(
                    element: .decoration("background", 0, 0), frame: Rect(x: 5, y: 5, width: 365, height: 140),
                    zIndex: 0))
        #expect(
            layout.attributes(for: .decoration("tint", 0, 0))
                == LayoutAttributes(
                    element: .decoration("tint", 0, 0), frame: Rect(x: 0, y: 0, width: 375, height: 150), zIndex: -1))
        #expect(
            layout.attributes(for: .decoration("background", 1, 0))?.frame == Rect(x: 5, y: 175, width: 365, height: 40)
        )
        #expect(
            layout.attributes(for: .supplementary("header", 1, 0))?.frame == Rect(x: 5, y: 170, width: 370, height: 30))
        #expect(layout.attributes(for: .decoration("background", 1, 1)) == nil)
        #expect(layout.contentSize == Size(width: 375, height: 220))
        let kinds = try #require(layout.elementKinds)
        #expect(
            kinds == [
                ElementKind("header", .supplementary), ElementKind("background", .decoration),
                ElementKind("tint", .decoration),
            ])
        #expect(layout.elementBudget == ElementBudget(perItem: 1, perSection: 3))
    }

    @Test func aBackgroundSmallerThanItsInsetsIsEmpty() throws {
        let section = Describe.list(height: 4, ["decorationItems": [Self.background]])
        let layout = try Prepared.layout(Describe.options([section]), counts: [1])
        #expect(
            layout.attributes(for: .decoration("background", 0, 0))?.frame == Rect(x: 5, y: 5, width: 365, height: 0))
    }

    @Test func elementsComeInCanonicalOrder() throws {
        let header = BoundaryItemTests.boundary("b", "top", Describe.fractionalWidth(1), Describe.absolute(30))
        let item = Describe.item(
            Describe.fractionalWidth(1), Describe.absolute(40),
            ["supplementaryItems": [Self.badge("c", edges: []), Self.badge("a", edges: ["top"])]])
        let section = Describe.section(
            Describe.group("vertical", Describe.fractionalWidth(1), Describe.absolute(80), ["subitems": [item]]),
            ["boundarySupplementaryItems": [header], "decorationItems": [["kind": "z"], ["kind": "y"]]])
        let layout = try Prepared.layout(Describe.options([section]), counts: [2, 1])
        let elements = Prepared.all(layout).map(\.element)
        #expect(
            elements == [
                .cell(0, 0), .cell(0, 1), .cell(1, 0), .supplementary("a", 0, 0), .supplementary("a", 0, 1),
                .supplementary("a", 1, 0), .supplementary("b", 0, 0), .supplementary("b", 1, 0),
                .supplementary("c", 0, 0),
                .supplementary("c", 0, 1), .supplementary("c", 1, 0), .decoration("y", 0, 0), .decoration("y", 1, 0),
                .decoration("z", 0, 0), .decoration("z", 1, 0),
            ])
        #expect(elements == elements.sorted())
    }
}
