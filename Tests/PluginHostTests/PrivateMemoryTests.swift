import BatchUpdates
import LayoutKit
import TestSupport
import Testing

@testable import PluginHost

/// A batch update's new data for a layout in this process goes into a block of its own,
/// reused for the next update's data once the data set is gone.
struct PrivateMemoryTests {
    @Test func theNextUpdatesDataReusesTheBlockTheLastOneLeftAndReadsTheSame() throws {
        spareMemoryLock.lock()
        defer { spareMemoryLock.unlock() }
        SpareMemory.release()
        let old = DataSet.sections([(0..<100_000).map { Value.number(Double($0 % 89)) }, ["a", "b"]])
        func update(_ value: Double) throws -> (plain: DataSet, own: DataSet) {
            let plan = try BatchPlan(
                changes: [
                    .insert(ItemPath(section: 1, item: 0), value: .number(value)),
                    .delete(ItemPath(section: 0, item: 5)),
                ],
                sectionCounts: old.source.sectionCounts)
            return (plan.apply(to: old.source), plan.apply(to: old.source, allocator: PrivateMemory.allocator))
        }
        func block(_ data: DataSet) -> ObjectIdentifier? {
            (Mirror(reflecting: data.owner as Any).descendant("some", "memory") as? PrivateMemory).map(
                ObjectIdentifier.init)
        }
        var first: (plain: DataSet, own: DataSet)? = try update(1)
        #expect(first!.own.hasSameContents(as: first!.plain))
        let identity = try #require(block(first!.own))
        first = nil
        let second = try update(2)
        #expect(block(second.own) == identity, "the freed block is the spare, and the next data fits it")
        #expect(second.own.hasSameContents(as: second.plain))
        #expect(second.own.source.value(at: ItemPath(section: 1, item: 0)) == 2)
        SpareMemory.release()
        // Small data keeps memory of its own.
        let small = try BatchPlan(changes: [.reload(ItemPath(section: 0, item: 0), value: 1)], sectionCounts: [3])
        #expect(small.apply(to: DataSet.items([1, 2, 3]).source, allocator: PrivateMemory.allocator).owner == nil)
    }
}
