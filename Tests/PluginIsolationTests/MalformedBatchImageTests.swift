import BatchUpdates
import LayoutKit
import PluginHost
import TestSupport
import Testing

@testable import PluginIsolation

/// A plugin process handed a batch image it cannot trust refuses it before the plugin sees
/// a pointer into it: it ends with its own error status (not a signal), and the next request
/// gets a fresh child whose layout works.
struct MalformedBatchImageTests {
    /// A valid image of a one-reload batch on 10 items, then `corrupt` applied to its words.
    static func image(_ corrupt: (UnsafeMutablePointer<Int64>, Int) -> Void) throws -> SharedMemory {
        let plan = try BatchPlan(changes: [.reload(ItemPath(section: 0, item: 4), value: 30)], sectionCounts: [10])
        let memory = try BatchImage.make(plan)
        corrupt(memory.base.assumingMemoryBound(to: Int64.self), memory.size / 8)
        return memory
    }

    /// Word offsets in the image of a one-change, one-section, two-run batch.
    static let header = 5, changes = 5, starts = header + changes, runs = starts + 6

    static let malformed: [(String, @Sendable (UnsafeMutablePointer<Int64>, Int) -> Void)] = [
        ("a wrong magic number", { words, _ in words[0] = 42 }),
        ("more runs than the memory holds", { words, _ in words[4] = 1_000 }),
        ("a negative section count", { words, _ in words[2] = -1 }),
        ("section starts that do not begin at 0", { words, _ in words[starts] = 3 }),
        ("a run past the old items", { words, _ in words[runs + 3] = 8 }),
        ("a run of no items", { words, _ in words[runs + 2] = 0 }),
        ("runs overlapping on the new side", { words, _ in words[runs + 4] = 2 }),
        (
            "runs out of new order",
            { words, _ in
                words[runs] = 5; words[runs + 1] = 5; words[runs + 3] = 0; words[runs + 4] = 0
            }
        ),
    ]

    @Test(arguments: malformed.indices)
    func theChildRefusesAMalformedImageAndTheNextChildWorks(case index: Int) throws {
        let (name, corrupt) = Self.malformed[index]
        let plugin = try PluginLoader.load(path: BuildProducts.library("Circles"))
        let backend = ProcessBackend(plugin: plugin, executable: BuildProducts.executable("workbench"))
        let instance = try #require(try backend.makeInstance(options: [:]) as? ProcessInstance)
        let data = DataSet.items((0..<10).map { _ in 40 })
        try instance.prepare(data: data, bounds: Rect(x: 0, y: 0, width: 320, height: 480), cancel: CancelFlag())
        let memory = try Self.image(corrupt)
        #expect(
            throws: PluginCallError.crashed(
                plugin: "circles", signal: "exit status 1", operation: "prepare_for_updates"), "\(name)"
        ) {
            try instance.withRemoteCall(operation: "prepare_for_updates") { child, id throws(PluginCallError) in
                _ = try instance.process.call(
                    child, MessageWriter(.prepareForUpdates, instance: id), descriptor: memory.fileDescriptor,
                    operation: "prepare_for_updates", cancel: nil)
            }
        }
        // A new child, the layout made and prepared again as it was.
        #expect(try instance.attributes(for: .cell(0, 9))?.frame.width == 40)
    }

    @Test func theUncorruptedImageIsAccepted() throws {
        let memory = try Self.image { _, _ in }
        let runs = BatchImage.withBatch(in: memory) { batch in
            (0..<Int(batch.pointee.item_run_count)).map {
                ItemRun(
                    old: Int(batch.pointee.item_runs[$0].old_start),
                    new: Int(batch.pointee.item_runs[$0].new_start),
                    count: Int(batch.pointee.item_runs[$0].count))
            }
        }
        #expect(runs == [ItemRun(old: 0, new: 0, count: 4), ItemRun(old: 5, new: 5, count: 5)])
    }
}
