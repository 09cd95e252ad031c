import Flow
import LayoutKit
import ReferenceLayouts
import Testing

/// An item's size (§3): a map's `width` and `height` replace the base size's sides; any other
/// value has the base size; a bad side is an error naming the item and the field.
struct FlowItemSizeTests {
    static let bounds = FlowTesting.viewport(width: 1000)

    @Test func aMapsSidesReplaceTheBaseSizeOneOrBoth() throws {
        let items: [Value] = [["width": 30, "height": 70], ["width": 30], ["height": 70], ["label": "x", "w": 3]]
        let layout = try FlowTesting.prepared(["itemSize": ["width": 40, "height": 20]], [items], bounds: Self.bounds)
        #expect(
            FlowTesting.frames(layout, 4).map(\.size) == [
                Size(width: 30, height: 70), Size(width: 30, height: 20), Size(width: 40, height: 70),
                Size(width: 40, height: 20),
            ])
    }

    @Test func anyOtherValueHasTheBaseSize() throws {
        let items: [Value] = [12, "tag", [1, 2], nil, true, ["size": ["width": 5, "height": 5]]]
        let layout = try FlowTesting.prepared(["itemSize": ["width": 40, "height": 20]], [items], bounds: Self.bounds)
        #expect(FlowTesting.frames(layout, 6).allSatisfy { $0.size == Size(width: 40, height: 20) })
        // All one size: a uniform section, its grid of n = floor(1010 / 50) = 20 columns.
        let gap: Double = (1000 - 20 * 40) / 19
        #expect(layout.attributes(for: .cell(0, 1))?.frame.x == 40 + gap)
    }

    @Test func whileSelfSizingTheEstimateIsTheBase() throws {
        let layout = try FlowTesting.prepared(
            ["estimatedItemSize": ["width": 60, "height": 44], "itemSize": ["width": 10, "height": 10]],
            [[nil, ["height": 30]]], bounds: Self.bounds)
        #expect(
            FlowTesting.frames(layout, 2).map(\.size) == [Size(width: 60, height: 44), Size(width: 60, height: 30)])
    }

    struct BadItem: Sendable, CustomTestStringConvertible {
        var sections: [[Value]]
        var item: ItemPath
        var field: String
        var got: String

        var testDescription: String { "\(item) \(field) \(got)" }
    }

    static let badItems: [BadItem] = [
        BadItem(
            sections: [[nil, nil, nil, ["width": "wide"]]], item: ItemPath(section: 0, item: 3), field: "width",
            got: "a string"),
        BadItem(
            sections: [[["width": 20, "height": 0]]], item: ItemPath(section: 0, item: 0), field: "height", got: "0"),
        BadItem(sections: [[], [nil, ["width": -5]]], item: ItemPath(section: 1, item: 1), field: "width", got: "-5"),
        BadItem(sections: [[["height": [1, 2]]]], item: ItemPath(section: 0, item: 0), field: "height", got: "a list"),
        BadItem(
            sections: [[["width": nil, "height": 3]]], item: ItemPath(section: 0, item: 0), field: "width", got: "null"),
        BadItem(
            sections: [[["width": 2e15]]], item: ItemPath(section: 0, item: 0), field: "width", got: "2000000000000000"),
        // In the middle of what was a uniform section so far.
        BadItem(
            sections: [FlowTesting.plain(40) + [["height": true]]], item: ItemPath(section: 0, item: 40),
            field: "height", got: "a boolean"),
    ]

    @Test(arguments: badItems)
    func aBadSideIsAnErrorNamingTheItemAndTheField(_ bad: BadItem) throws {
        let layout = try FlowTesting.layout()
        #expect(
            throws: LayoutError.data(
                item: bad.item, field: bad.field,
                message: "expected a number greater than 0 and at most 1e15, got \(bad.got)")
        ) {
            try layout.prepare(LayoutContext(dataSource: DataSet.sections(bad.sections).source, bounds: Self.bounds))
        }
    }

    @Test func oneDifferentSizeMakesTheSectionMixed() throws {
        // Five equal items keep the grid's columns on the last line; a sixth 40 wide packs it left.
        let uniform = try FlowTesting.prepared([:], [FlowTesting.plain(5)], bounds: FlowTesting.viewport(width: 200))
        #expect(uniform.attributes(for: .cell(0, 4))?.frame.x == 75)
        let mixed = try FlowTesting.prepared(
            [:], [FlowTesting.plain(5) + [["width": 40]]], bounds: FlowTesting.viewport(width: 200))
        #expect(FlowTesting.frames(mixed, 6).map(\.minX) == [0, 75, 150, 0, 60, 120])
        // A sixth 51 tall leaves the last line the first one's leftover (20): it is justified, and
        // the 50-tall items are centred on the 51-tall line.
        let taller = try FlowTesting.prepared(
            [:], [FlowTesting.plain(5) + [["height": 51]]], bounds: FlowTesting.viewport(width: 200))
        #expect(
            FlowTesting.frames(taller, 6).map(\.origin).suffix(3) == [
                Point(x: 0, y: 60.5), Point(x: 75, y: 60.5), Point(x: 150, y: 60),
            ])
    }

    @Test func aSectionsItemsMayBeUniformWhileAnothersAreNot() throws {
        let sections: [[Value]] = [
            FlowTesting.plain(4), FlowTesting.widths([30, 60, 90, 120], height: 10), [], FlowTesting.plain(1),
        ]
        let bounds = FlowTesting.viewport(width: 200)
        let layout = try FlowTesting.prepared([:], sections, bounds: bounds)
        #expect(layout.elements(in: .everything) == ReferenceFlow().layout(sections, bounds: bounds).elements)
        #expect(layout.numberOfElements == 9)
    }
}
