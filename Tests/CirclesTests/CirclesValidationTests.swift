import Circles
import LayoutKit
import Testing

struct CirclesValidationTests {
    @Test(arguments: [
        (
            ["step": 0] as [String: Value],
            LayoutError.option(field: "step", message: "expected a number greater than 0 and at most 1e15, got 0")
        ),
        (
            ["step": "5"],
            .option(field: "step", message: "expected a number greater than 0 and at most 1e15, got a string")
        ),
        (
            ["insets": ["top": -1] as Value],
            .option(field: "insets.top", message: "expected a number from 0 to 1e15, got -1")
        ),
        (
            ["insets": ["middle": 1] as Value],
            .option(field: "insets.middle", message: "unknown field; expected top, left, bottom, right")
        ),
        (
            ["predecessors": 1.5],
            .option(field: "predecessors", message: "expected a whole number from 0 to 1000000, got 1.5")
        ),
        (
            ["spacng": 3],
            .option(
                field: "spacng",
                message:
                    "unknown option (did you mean 'spacing'?); known options: 'insets', 'predecessors', 'spacing', 'step'"
            )
        ),
    ])
    func badOptionsAreRefusedByName(options: [String: Value], expected: LayoutError) {
        #expect(throws: expected) { try CirclesLayout(options: Options(options)) }
    }

    @Test(arguments: [
        (
            [[120], [80]] as [[Value]],
            LayoutError.data(item: nil, field: nil, message: "circles lays out one section; the source has 2")
        ),
        (
            [[120, "big"]],
            .data(
                item: ItemPath(section: 0, item: 1), field: nil,
                message: "expected a number or a map with a numeric 'size', got a string")
        ),
        (
            [[["diameter": 3] as Value]],
            .data(
                item: ItemPath(section: 0, item: 0), field: nil,
                message: "expected a number or a map with a numeric 'size', got a map")
        ),
        (
            [[-4]],
            .data(
                item: ItemPath(section: 0, item: 0), field: nil,
                message: "a circle's size must be a finite number greater than 0, got -4")
        ),
        (
            [[80, 400]],
            .data(
                item: ItemPath(section: 0, item: 1), field: nil,
                message: "a circle of size 400 does not fit the 335-point row between the insets")
        ),
    ])
    func badDataIsRefusedWithTheItem(sections: [[Value]], expected: LayoutError) throws {
        let layout = try CirclesLayout(options: Options())
        #expect(throws: expected) {
            try layout.prepare(
                LayoutContext(
                    dataSource: DataSet.sections(sections).source, bounds: Rect(x: 0, y: 0, width: 375, height: 667)))
        }
    }
}
