import BatchUpdates
internal import CLayoutABI
import LayoutKit
import PluginHost
import TestSupport
import Testing

@testable import PluginIsolation

/// A batch update's new data for an isolated layout is written once, straight into the image
/// its child maps.
struct SharedDataTests {
    @Test func appliedDataLivesInItsImageAndReadsAsThePlainCopy() throws {
        let old = DataSet.sections([(0..<50).map { Value.number(Double($0)) }, ["a", "b", "c"]])
        let plan = try BatchPlan(
            changes: [
                .reload(ItemPath(section: 0, item: 7), value: "seven"), .delete(ItemPath(section: 1, item: 0)),
                .insert(ItemPath(section: 0, item: 50), value: ["size": 9]),
            ],
            sectionCounts: old.source.sectionCounts)
        let plain = plan.apply(to: old.source)
        let shared = plan.apply(to: old.source, allocator: DataImage.allocator)
        #expect(shared.owner is DataImage.Storage && plain.owner == nil)
        #expect(shared.hasSameContents(as: plain))
        let memory = try DataImage.make(shared)
        #expect(memory === (shared.owner as? DataImage.Storage)?.memory, "no second copy")
        // The image reads back, as a child would see it, as the plain data.
        let image = try #require(DataImage.source(in: memory))
        let copied = try DataImage.make(plain)
        defer { withExtendedLifetime(copied) {} }
        let copy = try #require(DataImage.source(in: copied))
        #expect(
            image.section_count == copy.section_count && image.value_length == copy.value_length
                && image.metadata_length == copy.metadata_length)
        for index in 0...Int(image.section_count) { #expect(image.section_starts[index] == copy.section_starts[index]) }
        for index in 0...Int(image.section_starts[Int(image.section_count)]) {
            #expect(image.item_offsets[index] == copy.item_offsets[index])
        }
        #expect((0..<Int(image.value_length)).allSatisfy { image.value_bytes[$0] == copy.value_bytes[$0] })
        #expect(image.child_starts == nil && image.children == nil)
    }

    @Test func theNextUpdatesDataReusesTheImageTheLastOneLeft() throws {
        spareMemoryLock.lock()
        defer { spareMemoryLock.unlock() }
        let old = DataSet.items((0..<150_000).map { Value.number(Double($0 % 97)) })
        func update(_ value: Double) throws -> (plain: DataSet, shared: DataSet) {
            let plan = try BatchPlan(
                changes: [.reload(ItemPath(section: 0, item: 149_999), value: .number(value))], sectionCounts: [150_000]
            )
            return (plan.apply(to: old.source), plan.apply(to: old.source, allocator: DataImage.allocator))
        }
        var first: (plain: DataSet, shared: DataSet)? = try update(1)
        let memory = try #require((first?.shared.owner as? DataImage.Storage)?.memory)
        #expect(memory.size >= SpareMemory.minimumSize)
        let identity = ObjectIdentifier(memory)
        first = nil
        // The freed image is the spare: the next data of about its size is written into it.
        let second = try update(2)
        #expect((second.shared.owner as? DataImage.Storage).map { ObjectIdentifier($0.memory) } == identity)
        #expect(second.shared.hasSameContents(as: second.plain))
        // Released, it is gone: the data after that gets a fresh image.
        SpareMemory.release()
        let third = try update(3)
        #expect((third.shared.owner as? DataImage.Storage).map { ObjectIdentifier($0.memory) } != identity)
        #expect(third.shared.hasSameContents(as: third.plain))
    }
}
