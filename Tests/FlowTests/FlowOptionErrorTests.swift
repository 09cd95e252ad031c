import Flow
import LayoutKit
import Testing

/// Options (§2): UIKit's defaults, and every refused value named by its path with the
/// project's number-rule wording.
struct FlowOptionErrorTests {
    struct Refusal: Sendable, CustomTestStringConvertible {
        var options: [String: Value]
        var field: String
        var message: String

        var testDescription: String { field }
    }

    static let known =
        "known options: 'displayScale', 'estimatedItemSize', 'footerReferenceSize', 'headerReferenceSize', "
        + "'itemSize', 'minimumInteritemSpacing', 'minimumLineSpacing', 'scrollDirection', 'sectionFootersPinToVisibleBounds', "
        + "'sectionHeadersPinToVisibleBounds', 'sectionInset'"

    static let refusals: [Refusal] = [
        Refusal(
            options: ["minimumLineSpacing": -1], field: "minimumLineSpacing",
            message: "expected a number from 0 to 1e15, got -1"),
        Refusal(
            options: ["minimumLineSpacing": 2e15], field: "minimumLineSpacing",
            message: "expected a number from 0 to 1e15, got 2000000000000000"),
        Refusal(
            options: ["minimumInteritemSpacing": "wide"], field: "minimumInteritemSpacing",
            message: "expected a number from 0 to 1e15, got a string"),
        Refusal(
            options: ["itemSize": ["width": 0, "height": 5]], field: "itemSize.width",
            message: "expected a number greater than 0 and at most 1e15, got 0"),
        Refusal(options: ["itemSize": ["width": 5]], field: "itemSize.height", message: "missing"),
        Refusal(
            options: ["itemSize": ["width": 5, "height": 5, "depth": 1]], field: "itemSize.depth",
            message: "unknown field; expected width, height"),
        Refusal(
            options: ["itemSize": 50], field: "itemSize", message: "expected a map with width, height, got a number"),
        Refusal(
            options: ["sectionInset": -1], field: "sectionInset", message: "expected a number from 0 to 1e15, got -1"),
        Refusal(
            options: ["sectionInset": ["top": -2]], field: "sectionInset.top",
            message: "expected a number from 0 to 1e15, got -2"),
        Refusal(
            options: ["sectionInset": ["lefft": 2]], field: "sectionInset.lefft",
            message: "unknown field (did you mean 'left'?); expected top, left, bottom, right"),
        Refusal(
            options: ["headerReferenceSize": ["height": -1]], field: "headerReferenceSize.height",
            message: "expected a number from 0 to 1e15, got -1"),
        Refusal(
            options: ["headerReferenceSize": ["hieght": 30]], field: "headerReferenceSize.hieght",
            message: "unknown field (did you mean 'height'?); expected width, height"),
        Refusal(
            options: ["footerReferenceSize": "tall"], field: "footerReferenceSize",
            message: "expected a map with width, height, got a string"),
        Refusal(
            options: ["footerReferenceSize": ["width": true]], field: "footerReferenceSize.width",
            message: "expected a number from 0 to 1e15, got a boolean"),
        Refusal(
            options: ["scrollDirection": "diagonal"], field: "scrollDirection",
            message: "expected 'vertical' or 'horizontal', got 'diagonal'"),
        Refusal(options: ["scrollDirection": 3], field: "scrollDirection", message: "expected a string, got a number"),
        Refusal(
            options: ["sectionHeadersPinToVisibleBounds": "yes"], field: "sectionHeadersPinToVisibleBounds",
            message: "expected true or false, got a string"),
        Refusal(
            options: ["sectionFootersPinToVisibleBounds": 1], field: "sectionFootersPinToVisibleBounds",
            message: "expected true or false, got a number"),
        Refusal(
            options: ["estimatedItemSize": ["width": 0, "height": 50]], field: "estimatedItemSize",
            message: "expected both sides 0 (no self-sizing) or both greater than 0, got 0 × 50"),
        Refusal(options: ["estimatedItemSize": ["width": 50]], field: "estimatedItemSize.height", message: "missing"),
        Refusal(
            options: ["estimatedItemSize": ["width": -50, "height": 50]], field: "estimatedItemSize.width",
            message: "expected a number from 0 to 1e15, got -50"),
        Refusal(
            options: ["displayScale": -2], field: "displayScale", message: "expected a number from 0 to 1e15, got -2"),
        Refusal(
            options: ["minimumLineSpace": 4], field: "minimumLineSpace",
            message: "unknown option (did you mean 'minimumLineSpacing'?); \(known)"),
        Refusal(
            options: ["itemsize": ["width": 4, "height": 4]], field: "itemsize",
            message: "unknown option (did you mean 'itemSize'?); \(known)"),
        Refusal(options: ["columns": 4], field: "columns", message: "unknown option; \(known)"),
    ]

    @Test(arguments: refusals)
    func aRefusedOptionIsNamedByItsPath(_ refusal: Refusal) {
        #expect(throws: LayoutError.option(field: refusal.field, message: refusal.message)) {
            try FlowLayout(options: Options(refusal.options))
        }
    }

    @Test func theMessageReadsAsTheContractQuotesIt() {
        #expect(
            LayoutError.option(field: "minimumLineSpacing", message: "expected a number from 0 to 1e15, got -1")
                .description
                == "option 'minimumLineSpacing': expected a number from 0 to 1e15, got -1")
    }

    @Test func theInfoNamesEveryOptionAndBothKinds() {
        #expect(FlowLayout.info.name == "flow")
        #expect(
            Set(FlowLayout.info.options)
                == Set(Self.refusals.flatMap(\.options.keys)).subtracting(["minimumLineSpace", "itemsize", "columns"]))
        #expect(
            FlowLayout.info.kinds == [ElementKind("header", .supplementary), ElementKind("footer", .supplementary)])
        #expect(FlowLayout.info.flipsHorizontally)
    }

    @Test func theSchemaDescribesEveryOptionForEditors() throws {
        let schema = try #require(FlowLayout.info.optionSchema)
        #expect(schema.keys.map(\.name) == FlowLayout.info.options)
        #expect(schema.key(named: "scrollDirection")?.schema.values == ["vertical", "horizontal"])
        #expect(schema.key(named: "sectionInset")?.schema.keys.map(\.name) == ["top", "left", "bottom", "right"])
        #expect(schema.key(named: "itemSize")?.schema.keys.map(\.name) == ["width", "height"])
        #expect(schema.keys.allSatisfy { !$0.documentation.isEmpty })
        #expect(OptionSchema(value: schema.value) == schema)
    }

    @Test func everyOptionAtItsDefaultGivesTheDefaultLayout() throws {
        let spelledOut: [String: Value] = [
            "itemSize": ["width": 50, "height": 50], "minimumLineSpacing": 10, "minimumInteritemSpacing": 10,
            "sectionInset": 0, "headerReferenceSize": ["width": 0, "height": 0], "footerReferenceSize": [:],
            "scrollDirection": "vertical", "sectionHeadersPinToVisibleBounds": false,
            "sectionFootersPinToVisibleBounds": false, "estimatedItemSize": ["width": 0, "height": 0],
            "displayScale": 0,
        ]
        let bounds = FlowTesting.viewport(width: 200)
        let sections = [FlowTesting.plain(5)]
        let defaults = try FlowTesting.prepared([:], sections, bounds: bounds)
        let spelled = try FlowTesting.prepared(spelledOut, sections, bounds: bounds)
        #expect(spelled.elements(in: .everything) == defaults.elements(in: .everything))
        // Both estimate sides 0 is no self-sizing: the last line keeps the grid's columns.
        #expect(spelled.attributes(for: .cell(0, 4))?.frame.x == 75)
    }

    @Test func aReferenceSizeMayGiveOneSide() throws {
        let layout = try FlowTesting.prepared(
            ["headerReferenceSize": ["height": 24], "footerReferenceSize": ["width": 500, "height": 8]],
            [FlowTesting.plain(1)],
            bounds: FlowTesting.viewport(width: 200))
        #expect(
            layout.attributes(for: .supplementary("header", 0, 0))?.frame == Rect(x: 0, y: 0, width: 200, height: 24))
        #expect(
            layout.attributes(for: .supplementary("footer", 0, 0))?.frame == Rect(x: 0, y: 74, width: 200, height: 8))
        #expect(layout.contentSize == Size(width: 200, height: 82))
    }
}
