import BatchUpdates
import LayoutKit
import Testing

@testable import Sessions

/// A drag step's O(1) mapping of cells against the batch planner's own answer for the same
/// `move`, every cell, every move in small sectioned data (brute force).
struct MoveMappingTests {
    static func data(_ counts: [Int]) -> DataSet {
        var builder = DataSetBuilder()
        for count in counts {
            for item in 0..<count { builder.appendNumber(Double(item)) }
            builder.endSection()
        }
        return builder.build()
    }

    @Test(arguments: [[3], [4, 0, 2], [1, 3, 3]])
    func everyMoveMapsEveryCellAsTheBatchPlanDoes(counts: [Int]) throws {
        let source = Self.data(counts).source
        let cells = counts.indices.flatMap { section in
            (0..<counts[section]).map { ItemPath(section: section, item: $0) }
        }
        for from in cells {
            for section in counts.indices {
                for item in 0...(counts[section] + 1) {
                    let target = ItemPath(section: section, item: item)
                    let plan = try? BatchPlan(changes: [.move(from, to: target)], sectionCounts: counts)
                    let mapping = try? MoveMapping(from: from, to: target, data: source)
                    #expect((plan == nil) == (mapping == nil), "\(from) → \(target)")
                    guard let plan, let mapping else { continue }
                    for cell in cells {
                        #expect(
                            mapping.newPath(ofOld: cell) == plan.newPath(ofOld: cell), "\(from) → \(target): \(cell)")
                    }
                    let newCells = plan.newSectionCounts.indices.flatMap { s in
                        (0..<plan.newSectionCounts[s]).map { ItemPath(section: s, item: $0) }
                    }
                    for cell in newCells {
                        #expect(
                            mapping.oldPath(ofNew: cell) == plan.oldPath(ofNew: cell),
                            "\(from) → \(target): new \(cell)")
                    }
                }
            }
        }
    }

    @Test func aTableKeepsItsRowsAndATreeTakesNoMoves() throws {
        var table = DataSetBuilder()
        for _ in 0..<2 {
            for value in [1.0, 2] { table.appendNumber(value) }
            table.endSection()
        }
        table.metadata = ["columns": ["A", "B"], "rows": ["a", "b"]]
        let source = table.build().source
        #expect(
            (try? MoveMapping(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1), data: source))
                != nil)
        #expect(throws: RequestFailure.self) {
            try MoveMapping(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0), data: source)
        }
    }
}
