import Flow
import LayoutKit
import ReferenceLayouts
import Testing

/// The contract's worked examples (§17), each as a row: the options, the data, the viewport,
/// and the frames it names (with the content size when it names one).
struct FlowWorkedExampleTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var name: String
        var options: [String: Value] = [:]
        var sections: [[Value]]
        var bounds = FlowTesting.viewport(width: 200)
        var frames: [ElementID: Rect]
        var contentSize: Size?

        var testDescription: String { name }
    }

    static func cell(_ item: Int, _ x: Double, _ y: Double, _ width: Double = 50, _ height: Double = 50) -> (
        ElementID, Rect
    ) {
        (.cell(0, item), Rect(x: x, y: y, width: width, height: height))
    }

    static let examples: [Example] = [
        Example(
            name: "six items in three justified columns", sections: [FlowTesting.plain(6)],
            frames: Dictionary(
                uniqueKeysWithValues: [
                    cell(0, 0, 0), cell(1, 75, 0), cell(2, 150, 0), cell(3, 0, 60), cell(4, 75, 60), cell(5, 150, 60),
                ]), contentSize: Size(width: 200, height: 110)),
        Example(
            name: "five items: the last line keeps the columns", sections: [FlowTesting.plain(5)],
            frames: Dictionary(uniqueKeysWithValues: [cell(3, 0, 60), cell(4, 75, 60)]),
            contentSize: Size(width: 200, height: 110)),
        Example(
            name: "one item sits in column 0", sections: [FlowTesting.plain(1)],
            frames: Dictionary(uniqueKeysWithValues: [cell(0, 0, 0)]), contentSize: Size(width: 200, height: 50)),
        Example(
            name: "120 × 40 items are one per line, centred", options: ["itemSize": ["width": 120, "height": 40]],
            sections: [FlowTesting.plain(3)],
            frames: Dictionary(uniqueKeysWithValues: [
                cell(0, 40, 0, 120, 40), cell(1, 40, 50, 120, 40), cell(2, 40, 100, 120, 40),
            ]),
            contentSize: Size(width: 200, height: 140)),
        Example(
            name: "120-wide items in a 100-wide view overflow both ends",
            options: ["itemSize": ["width": 120, "height": 40]], sections: [FlowTesting.plain(2)],
            bounds: FlowTesting.viewport(width: 100),
            frames: Dictionary(uniqueKeysWithValues: [cell(0, -10, 0, 120, 40), cell(1, -10, 50, 120, 40)])),
        Example(
            name: "widths 80, 100, 60, 90: a justified line, then one item at the start",
            sections: [FlowTesting.widths([80, 100, 60, 90], height: 40)], bounds: FlowTesting.viewport(width: 300),
            frames: Dictionary(
                uniqueKeysWithValues: [
                    cell(0, 0, 0, 80, 40), cell(1, 110, 0, 100, 40), cell(2, 240, 0, 60, 40), cell(3, 0, 50, 90, 40),
                ]),
            contentSize: Size(width: 300, height: 90)),
        Example(
            name: "items are centred across their line",
            sections: [[["width": 100, "height": 80], ["width": 100, "height": 40], ["width": 200, "height": 20]]],
            bounds: FlowTesting.viewport(width: 300),
            frames: Dictionary(uniqueKeysWithValues: [
                cell(0, 0, 0, 100, 80), cell(1, 200, 20, 100, 40), cell(2, 0, 90, 200, 20),
            ]),
            contentSize: Size(width: 300, height: 110)),
        Example(
            name: "a first item wider than the line comes after an empty line",
            sections: [[["width": 150, "height": 30], ["width": 40, "height": 20], ["width": 40, "height": 20]]],
            bounds: FlowTesting.viewport(width: 100),
            frames: Dictionary(uniqueKeysWithValues: [
                cell(0, 0, 10, 150, 30), cell(1, 0, 50, 40, 20), cell(2, 50, 50, 40, 20),
            ]),
            contentSize: Size(width: 100, height: 70)),
        Example(
            name: "the same with the default height",
            sections: [[["width": 150], ["width": 40], ["width": 40]]], bounds: FlowTesting.viewport(width: 100),
            frames: Dictionary(uniqueKeysWithValues: [
                cell(0, 0, 10, 150, 50), cell(1, 0, 70, 40, 50), cell(2, 50, 70, 40, 50),
            ]),
            contentSize: Size(width: 100, height: 120)),
        Example(
            name: "a last line with the leftover of the one before is justified like it",
            sections: [FlowTesting.widths([100, 120, 100, 120], height: 40)], bounds: FlowTesting.viewport(width: 300),
            frames: Dictionary(
                uniqueKeysWithValues: [
                    cell(0, 0, 0, 100, 40), cell(1, 180, 0, 120, 40), cell(2, 0, 50, 100, 40),
                    cell(3, 180, 50, 120, 40),
                ])),
        Example(
            name: "horizontal: two per column below a header and an inset",
            options: [
                "scrollDirection": "horizontal", "headerReferenceSize": ["width": 20],
                "sectionInset": ["left": 5, "right": 5],
            ],
            sections: [FlowTesting.plain(5)], bounds: Rect(x: 0, y: 0, width: 300, height: 130),
            frames: Dictionary(
                uniqueKeysWithValues: [
                    cell(0, 25, 0), cell(1, 25, 80), cell(2, 85, 0), cell(3, 85, 80), cell(4, 145, 0),
                    (.supplementary("header", 0, 0), Rect(x: 0, y: 0, width: 20, height: 130)),
                ]), contentSize: Size(width: 200, height: 130)),
        Example(
            name: "self-sizing: the last line packs at the minimum spacing",
            options: ["estimatedItemSize": ["width": 50, "height": 50]], sections: [FlowTesting.plain(5)],
            frames: Dictionary(uniqueKeysWithValues: [
                cell(0, 0, 0), cell(1, 75, 0), cell(2, 150, 0), cell(3, 0, 60), cell(4, 60, 60),
            ]),
            contentSize: Size(width: 200, height: 110)),
        Example(
            name: "20-wide items with spacing 5 in thirds",
            options: ["itemSize": ["width": 20, "height": 20], "minimumInteritemSpacing": 5],
            sections: [FlowTesting.plain(4)], bounds: FlowTesting.viewport(width: 100),
            frames: Dictionary(
                uniqueKeysWithValues: [
                    cell(0, 0, 0, 20, 20), cell(1, 20 + 20 / 3, 0, 20, 20), cell(2, 40 + 40 / 3, 0, 20, 20),
                    cell(3, 80, 0, 20, 20),
                ])),
        Example(
            name: "the same with displayScale 2",
            options: ["itemSize": ["width": 20, "height": 20], "minimumInteritemSpacing": 5, "displayScale": 2],
            sections: [FlowTesting.plain(4)], bounds: FlowTesting.viewport(width: 100),
            frames: Dictionary(
                uniqueKeysWithValues: [
                    cell(0, 0, 0, 20, 20), cell(1, 26.5, 0, 20, 20), cell(2, 53.5, 0, 20, 20), cell(3, 80, 0, 20, 20),
                ])),
    ]

    @Test(arguments: examples)
    func theWorkedExampleGivesItsFrames(_ example: Example) throws {
        let layout = try FlowTesting.prepared(example.options, example.sections, bounds: example.bounds)
        for (element, frame) in example.frames.sorted(by: { $0.key < $1.key }) {
            let found = try #require(layout.attributes(for: element), "\(element)")
            #expect(abs(found.frame.x - frame.x) < 1e-9 && abs(found.frame.y - frame.y) < 1e-9, "\(element)")
            #expect(found.frame.size == frame.size, "\(element)")
        }
        if let contentSize = example.contentSize { #expect(layout.contentSize == contentSize) }
        let reference = ReferenceFlow.matching(example.options).layout(example.sections, bounds: example.bounds)
        #expect(layout.elements(in: .everything) == reference.elements)
        #expect(layout.contentSize == reference.contentSize)
    }
}
