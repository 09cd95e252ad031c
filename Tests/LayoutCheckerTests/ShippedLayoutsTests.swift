import Circles
import Guide
import LayoutChecker
import LayoutKit
import MarkSheet
import Testing
import Tree

/// The four shipped layouts keep the contract, in-process, as a plugin's own tests would check it.
struct ShippedLayoutsTests {
    static let phone = Rect(x: 0, y: 0, width: 375, height: 667)

    static func grid(sections: Int, items: Int) -> DataSet {
        DataSet.sections((0..<sections).map { section in (0..<items).map { .number(Double(section * items + $0)) } })
    }

    /// root → a, b; a → c, d: three sections by depth, children by global index.
    static var smallTree: DataSet {
        var builder = DataSetBuilder(isTree: true)
        builder.append(["name": "root"], children: [1, 2])
        builder.endSection()
        builder.append(["name": "a"], children: [3, 4])
        builder.append(["name": "b"])
        builder.endSection()
        builder.append(["name": "c"])
        builder.append(["name": "d"])
        builder.endSection()
        return builder.build()
    }

    @Test func circlesKeepsTheContract() throws {
        let sizes = DataSet.items((0..<300).map { .number(Double(40 + ($0 * 37) % 120)) })
        #expect(try ContractChecker().check(CirclesLayout.self, data: sizes, bounds: Self.phone) == [])
        #expect(
            try ContractChecker(seed: 5).check(
                CirclesLayout.self, options: ["spacing": 3], data: sizes,
                bounds: Rect(x: 0, y: 100, width: 700, height: 400)) == [])
    }

    @Test func treeKeepsTheContract() throws {
        #expect(try ContractChecker().check(TreeLayout.self, data: Self.smallTree, bounds: Self.phone) == [])
        #expect(
            try ContractChecker().check(
                TreeLayout.self, options: ["itemSize": ["width": 50, "height": 20]], data: Self.smallTree,
                bounds: Self.phone) == [])
    }

    @Test func markSheetKeepsTheContract() throws {
        #expect(
            try ContractChecker().check(
                MarkSheetLayout.self, data: Self.grid(sections: 30, items: 4), bounds: Self.phone)
                == [])
        #expect(
            try ContractChecker().check(
                MarkSheetLayout.self, data: Self.grid(sections: 0, items: 0), bounds: Self.phone)
                == [])
    }

    @Test func guideKeepsTheContract() throws {
        #expect(
            try ContractChecker().check(GuideLayout.self, data: Self.grid(sections: 40, items: 30), bounds: Self.phone)
                == [])
        #expect(
            try ContractChecker().check(
                GuideLayout.self, data: Self.grid(sections: 40, items: 30),
                bounds: Rect(x: 250, y: 90, width: 375, height: 667)) == [])
    }
}

extension ShippedLayoutsTests {
    @Test func markSheetRefusesRowsLongerThanTheFirstAndKeepsShorterOnesConsistent() throws {
        #expect(
            throws: LayoutError.data(
                item: ItemPath(section: 1, item: 2), field: nil,
                message:
                    "row 2 has 3 marks, but the sheet has 2 columns (as many as the first row): a row may be shorter than the first, not longer"
            )
        ) {
            try ContractChecker().check(
                MarkSheetLayout.self, data: DataSet.sections([[1, 2], [3, 4, 5]]), bounds: Self.phone)
        }
        let short = try ContractChecker().check(
            MarkSheetLayout.self, data: DataSet.sections([[1, 2, 3], [4], [], [5, 6]]), bounds: Self.phone)
        #expect(short == [], "\(short)")
    }
}

extension ShippedLayoutsTests {
    /// The form the library's documentation shows: any `Layout` from a closure.
    @Test func aClosureMakesTheLayoutsToCheck() throws {
        let data = DataSet.items([120, 160, 80])
        let violations = try ContractChecker().check(
            data: data.source, bounds: Rect(x: 0, y: 0, width: 375, height: 667)
        ) {
            try CirclesLayout(options: Options())
        }
        #expect(violations.isEmpty, "\(violations)")
    }
}
