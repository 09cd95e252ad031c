import BatchUpdates
internal import CLayoutABI
import Platform
import PluginHost

/// A batch update (`wb_update_batch`) copied into shared memory, for a plugin process to
/// hand to the plugin's `prepare_for_updates`: a header of counts, then the arrays in the
/// struct's order, each a whole number of 8-byte words. O(changes + sections + runs) bytes:
/// nothing per item.
///
/// The child checks every count against the mapping, and every start, position and run
/// against the counts, before the plugin sees a pointer into it.
enum BatchImage {
    static let magic: Int64 = 0x5742_4241_5443_0002
    /// magic, change count, old and new section counts, run count.
    static let headerFields = 5

    /// Writes `plan` into a fresh memfd.
    static func make(_ plan: BatchPlan) throws(ChannelError) -> SharedMemory {
        let counts = Counts(
            changes: plan.changes.count, oldSections: plan.oldSectionCounts.count,
            newSections: plan.newSectionCounts.count, runs: plan.itemRuns.count)
        guard let size = counts.size else { throw .protocolViolation("a batch too large to share") }
        let memory = try SharedMemory(creating: size, name: "workbench-batch")
        let header = memory.base.assumingMemoryBound(to: Int64.self)
        for (index, value) in [
            magic, Int64(counts.changes), Int64(counts.oldSections), Int64(counts.newSections), Int64(counts.runs),
        ].enumerated() {
            header[index] = value
        }
        var offset = headerFields * 8
        func copy(_ bytes: UnsafeRawBufferPointer) {
            if let source = bytes.baseAddress, bytes.count > 0 {
                (memory.base + offset).copyMemory(from: source, byteCount: bytes.count)
            }
            offset += bytes.count
        }
        plan.changes.map(\.abi).withUnsafeBytes(copy)
        for words in [plan.oldSectionStarts, plan.newSectionStarts, plan.sectionOldToNew, plan.sectionNewToOld] {
            words.withUnsafeBytes(copy)
        }
        plan.abiRuns.withUnsafeBytes(copy)
        return memory
    }

    /// Runs `body` with the batch an image holds, pointing into the mapping; nil (without
    /// calling `body`) if the image is malformed.
    static func withBatch<T>(in memory: SharedMemory, _ body: (UnsafePointer<wb_update_batch>) -> T) -> T? {
        guard let headerBytes = memory.bytes(at: 0, count: headerFields * 8) else { return nil }
        let header = headerBytes.bindMemory(to: Int64.self)
        let limit = Int64(memory.size / 8)
        guard header[0] == magic, (1..<headerFields).allSatisfy({ header[$0] >= 0 && header[$0] <= limit }) else {
            return nil
        }
        let counts = Counts(
            changes: Int(header[1]), oldSections: Int(header[2]), newSections: Int(header[3]), runs: Int(header[4]))
        guard let size = counts.size, size <= memory.size else { return nil }
        var offset = headerFields * 8
        func words(_ count: Int) -> UnsafeBufferPointer<Int64> {
            defer { offset += count * 8 }
            return UnsafeBufferPointer(start: (memory.base + offset).assumingMemoryBound(to: Int64.self), count: count)
        }
        let changes = (memory.base + offset).assumingMemoryBound(to: wb_change.self)
        offset += counts.changes * MemoryLayout<wb_change>.stride
        let oldStarts = words(counts.oldSections + 1), newStarts = words(counts.newSections + 1)
        let sectionOldToNew = words(counts.oldSections), sectionNewToOld = words(counts.newSections)
        let runs = UnsafeBufferPointer(
            start: (memory.base + offset).assumingMemoryBound(to: wb_item_run.self), count: counts.runs)
        guard isStarts(oldStarts), isStarts(newStarts),
            sectionOldToNew.allSatisfy({ $0 >= -1 && $0 < counts.newSections }),
            sectionNewToOld.allSatisfy({ $0 >= -1 && $0 < counts.oldSections }),
            areRuns(runs, oldItems: oldStarts.last!, newItems: newStarts.last!)
        else { return nil }
        var batch = wb_update_batch(
            change_count: Int64(counts.changes), changes: changes,
            old_section_count: Int64(counts.oldSections), old_section_starts: oldStarts.baseAddress,
            new_section_count: Int64(counts.newSections), new_section_starts: newStarts.baseAddress,
            section_old_to_new: sectionOldToNew.baseAddress, section_new_to_old: sectionNewToOld.baseAddress,
            item_run_count: Int64(counts.runs), item_runs: runs.baseAddress)
        return body(&batch)
    }

    /// Section starts: from 0, never decreasing.
    private static func isStarts(_ starts: UnsafeBufferPointer<Int64>) -> Bool {
        starts.first == 0 && zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// Runs as the header promises them: each of at least one item, inside both item ranges,
    /// in ascending new order, and overlapping no other run on either side.
    private static func areRuns(_ runs: UnsafeBufferPointer<wb_item_run>, oldItems: Int64, newItems: Int64) -> Bool {
        guard
            runs.allSatisfy({
                $0.count >= 1 && $0.count <= oldItems && $0.count <= newItems && $0.old_start >= 0 && $0.new_start >= 0
                    && $0.old_start <= oldItems - $0.count && $0.new_start <= newItems - $0.count
            })
        else { return false }
        let byOld = runs.sorted { $0.old_start < $1.old_start }
        return zip(runs, runs.dropFirst()).allSatisfy { $0.new_start + $0.count <= $1.new_start }
            && zip(byOld, byOld.dropFirst()).allSatisfy { $0.old_start + $0.count <= $1.old_start }
    }

    /// The image's counts, and its size in bytes (nil if it would overflow).
    private struct Counts {
        var changes, oldSections, newSections, runs: Int

        var size: Int? {
            let parts = [
                (changes, MemoryLayout<wb_change>.stride), (oldSections + 1, 8), (newSections + 1, 8), (oldSections, 8),
                (newSections, 8),
                (runs, MemoryLayout<wb_item_run>.stride),
            ]
            var total = headerFields * 8
            for (count, stride) in parts {
                let (bytes, o1) = count.multipliedReportingOverflow(by: stride)
                let (sum, o2) = total.addingReportingOverflow(bytes)
                guard !o1, !o2 else { return nil }
                total = sum
            }
            return total
        }
    }
}
