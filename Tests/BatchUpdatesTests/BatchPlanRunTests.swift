import BatchUpdates
import LayoutKit
import TestSupport
import Testing

/// Plans kept as runs: the lookups, the data they build, and their size for a small batch.
struct BatchPlanRunTests {
    @Test func lookupsAgreeWithTheItemMapsOnRandomBatches() {
        var random = SplitMix(seed: 29)
        var checked = 0
        for _ in 0..<3000 {
            let counts = (0..<random.next(in: 0...4)).map { _ in random.next(in: 0...6) }
            guard let plan = try? BatchPlan(changes: BatchPlanTests.randomBatch(counts, &random), sectionCounts: counts)
            else { continue }
            let oldToNew = plan.itemOldToNew, newToOld = plan.itemNewToOld
            #expect(oldToNew.count == counts.reduce(0, +) && newToOld.count == plan.newSectionCounts.reduce(0, +))
            for (old, new) in oldToNew.enumerated() {
                #expect(plan.newIndex(ofOld: old) == (new < 0 ? nil : new))
                if new >= 0 { #expect(newToOld[new] == old) }
            }
            for (new, old) in newToOld.enumerated() { #expect(plan.oldIndex(ofNew: new) == (old < 0 ? nil : old)) }
            #expect(plan.newIndex(ofOld: -1) == nil && plan.newIndex(ofOld: oldToNew.count) == nil)
            #expect(plan.oldIndex(ofNew: -1) == nil && plan.oldIndex(ofNew: newToOld.count) == nil)
            let prefix = zip(newToOld.indices, newToOld).prefix { $0 == $1 }.count
            #expect(plan.firstChangedItem == prefix)
            checked += 1
        }
        #expect(checked > 500)
    }

    @Test func appliedDataHoldsTheOldValuesThroughTheRunsAndTheNewOnes() throws {
        var random = SplitMix(seed: 31)
        for _ in 0..<1500 {
            let counts = (0..<random.next(in: 0...4)).map { _ in random.next(in: 0...6) }
            let old = DataSet.sections(
                counts.enumerated().map { section, count in (0..<count).map { Value.string("o\(section).\($0)") } })
            guard let plan = try? BatchPlan(changes: BatchPlanTests.randomBatch(counts, &random), sectionCounts: counts)
            else { continue }
            let new = plan.apply(to: old.source).source
            #expect(new.sectionCounts == plan.newSectionCounts)
            let newToOld = plan.itemNewToOld
            for global in 0..<new.numberOfItems {
                let expected =
                    newToOld[global] >= 0
                    ? old.source.value(at: old.source.itemPath(ofGlobalIndex: newToOld[global]))
                    : plan.newValues[global]!
                #expect(new.value(at: new.itemPath(ofGlobalIndex: global)) == expected)
            }
        }
    }

    @Test func oneChangeToAMillionItemsPlansAFewRuns() throws {
        let counts = [400_000, 600_000]
        let reload = try BatchPlan(changes: [.reload(ItemPath(section: 1, item: 500), value: 1)], sectionCounts: counts)
        #expect(
            reload.itemRuns == [
                ItemRun(old: 0, new: 0, count: 400_500), ItemRun(old: 400_501, new: 400_501, count: 599_499),
            ])
        #expect(reload.firstChangedItem == 400_500)
        let insert = try BatchPlan(changes: [.insert(ItemPath(section: 0, item: 0), value: 1)], sectionCounts: counts)
        #expect(insert.itemRuns == [ItemRun(old: 0, new: 1, count: 1_000_000)])
        #expect(insert.newIndex(ofOld: 999_999) == 1_000_000 && insert.oldIndex(ofNew: 0) == nil)
        let move = try BatchPlan(
            changes: [.move(ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 0))], sectionCounts: counts)
        #expect(
            move.itemRuns == [
                ItemRun(old: 400_000, new: 0, count: 1), ItemRun(old: 0, new: 1, count: 400_000),
                ItemRun(old: 400_001, new: 400_001, count: 599_999),
            ])
    }
}
