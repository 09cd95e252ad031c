import Compositional
import LayoutKit
import ReferenceLayouts
import Testing

/// Templates of many leaves, which queries search through their leaf index.
struct LargeTemplateTests {
    /// A vertical group of `count` items, 20 tall each with a badge, then a row of cycled items.
    static func options(count: Int, orthogonal: Bool) -> [String: Value] {
        let badge: Value = [
            "kind": "badge", "size": Describe.size(Describe.absolute(8), Describe.absolute(8)),
            "containerAnchor": ["edges": ["top", "trailing"], "absoluteOffset": ["x": 2, "y": -30]],
        ]
        let column = Describe.group(
            "vertical", Describe.fractionalWidth(0.5), Describe.fractionalHeight(1),
            [
                "subitem": Describe.item(
                    Describe.fractionalWidth(1), Describe.absolute(20), ["supplementaryItems": [badge]]),
                "count": .number(Double(count)),
            ])
        let row = Describe.group(
            "horizontal", Describe.fractionalWidth(0.5), Describe.fractionalHeight(1),
            [
                "subitems": [Describe.item(Describe.absolute(10), Describe.absolute(17))],
                "interItemSpacing": ["flexible": 1],
            ])
        return Describe.options([
            Describe.section(
                Describe.group(
                    "horizontal", Describe.fractionalWidth(1), .map(["absolute": .number(Double(count) * 20)]),
                    ["subitems": [column, row]]),
                orthogonal
                    ? ["orthogonalScrollingBehavior": "groupPaging", "interGroupSpacing": 5] : ["interGroupSpacing": 5])
        ])
    }

    @Test(arguments: [false, true])
    func queriesThroughALeafIndexEqualTheBruteForceFilter(orthogonal: Bool) throws {
        let options = Self.options(count: 150, orthogonal: orthogonal)
        let layout = try Prepared.layout(options, counts: [1000])
        let all = Prepared.all(layout)
        let reference = try ReferenceCompositional(options: options, counts: [1000], bounds: Prepared.phone).layout()
        #expect(all == reference.elements)
        var random = SplitMix(seed: 7)
        for _ in 0..<200 {
            let rect = Rect(
                x: random.number(-50...2000), y: random.number(-50...layout.contentSize.height),
                width: random.number(0...400),
                height: random.number(0...700))
            #expect(layout.elements(in: rect) == all.filter { $0.frame.intersects(rect) }, "\(rect)")
        }
    }
}
