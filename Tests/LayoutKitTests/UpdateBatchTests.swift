import LayoutKit
import Testing

/// The plugin SDK's view of a batch: lookups through the item runs, and the unchanged prefix.
struct UpdateBatchTests {
    /// Runs `body` with a batch of the given section starts, section maps and runs.
    static func withBatch<T>(
        old: [Int64], new: [Int64], oldToNew: [Int64], newToOld: [Int64], runs: [ItemRun],
        _ body: (UpdateBatch) -> T
    ) -> T {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                oldToNew.withUnsafeBufferPointer { oldToNew in
                    newToOld.withUnsafeBufferPointer { newToOld in
                        body(
                            UpdateBatch(
                                oldSectionStarts: old, newSectionStarts: new, sectionOldToNew: oldToNew,
                                sectionNewToOld: newToOld, itemRuns: runs))
                    }
                }
            }
        }
    }

    @Test func lookupsFollowTheRunsAndMissEveryItemOutsideThem() {
        // Old [a b c | d e] → new [e a c X | d]: b deleted, e moved to the front, X inserted.
        let runs = [
            ItemRun(old: 4, new: 0, count: 1), ItemRun(old: 0, new: 1, count: 1), ItemRun(old: 2, new: 2, count: 1),
            ItemRun(old: 3, new: 4, count: 1),
        ]
        Self.withBatch(old: [0, 3, 5], new: [0, 4, 5], oldToNew: [0, 1], newToOld: [0, 1], runs: runs) { batch in
            #expect((0..<5).map { batch.newIndex(ofOld: $0) } == [1, nil, 2, 4, 0])
            #expect((0..<5).map { batch.oldIndex(ofNew: $0) } == [4, 0, 2, nil, 3])
            #expect(batch.newIndex(ofOld: -1) == nil && batch.oldIndex(ofNew: 5) == nil)
            #expect(batch.unchangedPrefix == 0)
        }
    }

    @Test func theUnchangedPrefixStopsAtTheFirstChangeOrAMovedSectionBoundary() {
        // One reload at item 6 of 10 in one section: six items kept.
        Self.withBatch(
            old: [0, 10], new: [0, 10], oldToNew: [0], newToOld: [0],
            runs: [ItemRun(old: 0, new: 0, count: 6), ItemRun(old: 7, new: 7, count: 3)]
        ) { batch in
            #expect(batch.unchangedPrefix == 6)
        }
        // Item 1 of section 0 deleted: [a b | c d e] → [a | c d e]; the section boundary moved to 1.
        Self.withBatch(
            old: [0, 2, 5], new: [0, 1, 4], oldToNew: [0, 1], newToOld: [0, 1],
            runs: [ItemRun(old: 0, new: 0, count: 1), ItemRun(old: 2, new: 1, count: 3)]
        ) { batch in
            #expect(batch.unchangedPrefix == 1)
        }
        // Nothing changed at all.
        Self.withBatch(
            old: [0, 4], new: [0, 4], oldToNew: [0], newToOld: [0], runs: [ItemRun(old: 0, new: 0, count: 4)]
        ) { batch in
            #expect(batch.unchangedPrefix == 4)
        }
    }
}
