import Compositional
import LayoutKit
import Testing

/// Groups (§3.3): flexible spacing and edges sharing the leftover, cross edges, estimated axes,
/// counted and repeated children.
struct GroupGeometryTests {
    /// The x of every cell of one 375 × 100 row made by `group`'s keys.
    static func row(_ group: [String: Value], items: Int) throws -> [Rect] {
        let options = Describe.options([
            Describe.section(Describe.group("horizontal", Describe.fractionalWidth(1), Describe.absolute(100), group))
        ])
        let layout = try Prepared.layout(options, counts: [items])
        return (0..<items).map { layout.attributes(for: .cell(0, $0))!.frame }
    }

    static let fifty = Describe.item(Describe.absolute(50), Describe.absolute(40))

    @Test func flexibleSpacingSpreadsTheLeftover() throws {
        let packed = try Self.row(
            ["repeatingSubitem": Self.fifty, "count": 3, "interItemSpacing": ["fixed": 10]], items: 3)
        #expect(packed.map(\.minX) == [0, 60, 120])
        for minimum in [0.0, 10] {
            let spread = try Self.row(
                ["repeatingSubitem": Self.fifty, "count": 3, "interItemSpacing": ["flexible": .number(minimum)]],
                items: 3)
            #expect(spread.map(\.minX) == [0, 162.5, 325])
        }
    }

    @Test func flexibleEdgesShareTheLeftoverWithFlexibleSpacing() throws {
        let both = Describe.item(
            Describe.absolute(100), Describe.absolute(40),
            ["edgeSpacing": ["leading": ["flexible": 0], "trailing": ["flexible": 0]]])
        #expect(try Self.row(["subitems": [both]], items: 3).map(\.minX) == [12.5, 137.5, 262.5])
        let leading = Describe.item(
            Describe.absolute(100), Describe.absolute(40), ["edgeSpacing": ["leading": ["flexible": 0]]])
        #expect(
            try Self.row(["subitems": [leading], "interItemSpacing": ["flexible": 0]], items: 3).map(\.minX) == [
                15, 145, 275,
            ])
    }

    static let crossEdges: [(Value, Double)] = [
        (["top": ["flexible": 0], "bottom": ["flexible": 0]], 30), (["top": ["flexible": 0]], 60),
        (["bottom": ["flexible": 0]], 0), (["top": ["fixed": 7]], 7),
        (["top": ["flexible": 5], "bottom": ["fixed": 10]], 50),
    ]

    @Test(arguments: crossEdges)
    func crossEdgesCentreOrPushAChild(edges: Value, y: Double) throws {
        let item = Describe.item(Describe.absolute(100), Describe.absolute(40), ["edgeSpacing": edges])
        #expect(try Self.row(["subitems": [item]], items: 1)[0].minY == y)
    }

    @Test func aCycledListStopsAtTheFirstChildThatDoesNotFit() throws {
        let wide = Describe.item(Describe.absolute(200), Describe.absolute(40))
        let narrow = Describe.item(Describe.absolute(100), Describe.absolute(40))
        // 200 + 100 fit; the next 200 does not, though a 100 would: N = 2.
        let frames = try Self.row(["subitems": [wide, narrow]], items: 3)
        #expect(frames.map(\.minX) == [0, 200, 0])
        #expect(frames[2].minY == 100)
    }

    @Test func countedCopiesIgnoreTheirOwnLength() throws {
        let item = Describe.item(
            Describe.absolute(999), Describe.fractionalHeight(0.5), ["edgeSpacing": ["leading": ["fixed": 5]]])
        let frames = try Self.row(["subitem": item, "count": 3, "interItemSpacing": ["fixed": 15]], items: 3)
        // (375 − 30) / 3 − 5 = 110 each, after a leading edge of 5.
        #expect(
            frames == [
                Rect(x: 5, y: 0, width: 110, height: 50), Rect(x: 135, y: 0, width: 110, height: 50),
                Rect(x: 265, y: 0, width: 110, height: 50),
            ])
    }

    @Test func estimatedAxesDropTheirInsets() throws {
        let item = Describe.item(
            Describe.estimated(100), Describe.absolute(50), ["contentInsets": Describe.insets(10, 10, 10, 10)])
        #expect(try Self.row(["subitems": [item]], items: 1)[0] == Rect(x: 0, y: 10, width: 100, height: 30))
        // A group's estimated axis too, even when `count` overrides its length.
        let inner = Describe.group(
            "vertical", Describe.estimated(50), Describe.fractionalHeight(1),
            [
                "subitems": [Describe.item(Describe.fractionalWidth(1), Describe.fractionalHeight(1))],
                "contentInsets": Describe.insets(10, 10, 10, 10),
            ])
        #expect(
            try Self.row(["subitem": inner, "count": 2], items: 2)[1] == Rect(x: 187.5, y: 10, width: 187.5, height: 80)
        )
    }

    @Test func groupInsetsShrinkTheirChildrensContainer() throws {
        let item = Describe.item(Describe.fractionalWidth(0.5), Describe.fractionalHeight(1))
        let frames = try Self.row(["subitems": [item], "contentInsets": Describe.insets(10, 20, 30, 40)], items: 2)
        #expect(
            frames == [Rect(x: 20, y: 10, width: 157.5, height: 60), Rect(x: 177.5, y: 10, width: 157.5, height: 60)])
    }
}
