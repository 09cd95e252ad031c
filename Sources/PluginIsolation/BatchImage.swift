internal import CLayoutABI
import BatchUpdates
import PluginHost
import Glibc

/// A batch update (`wb_update_batch`) copied into shared memory, for a plugin host child to
/// hand to the plugin's `prepare_for_updates`: a header of counts, then the arrays in the
/// struct's order, each a whole number of 8-byte words. A batch has two entries per item,
/// so it crosses in memory, never in a message.
///
/// The child checks every count against the mapping, and every start and position against
/// the counts, before the plugin sees a pointer into it.
enum BatchImage {
    static let magic: Int64 = 0x5742_4241_5443_0001
    /// magic, change count, old and new section counts, old and new item counts.
    static let headerFields = 6

    /// Writes `plan` into a fresh memfd: the item maps straight from the plan's runs, with
    /// no copy in between.
    static func make(_ plan: BatchPlan) throws(ChannelError) -> SharedMemory {
        let oldSections = plan.oldSectionCounts.count, newSections = plan.newSectionCounts.count
        let counts = Counts(changes: plan.changes.count, oldSections: oldSections, newSections: newSections,
                            oldItems: plan.oldItemCount, newItems: plan.newItemCount)
        guard let size = counts.size else { throw .protocolViolation("a batch too large to share") }
        let memory = try SharedMemory(creating: size, name: "workbench-batch")
        let header = memory.base.assumingMemoryBound(to: Int64.self)
        for (index, value) in [magic, Int64(counts.changes), Int64(oldSections), Int64(newSections), Int64(counts.oldItems), Int64(counts.newItems)].enumerated() {
            header[index] = value
        }
        var offset = headerFields * 8
        func copy(_ source: UnsafeRawPointer?, _ bytes: Int) {
            if let source, bytes > 0 { (memory.base + offset).copyMemory(from: source, byteCount: bytes) }
            offset += bytes
        }
        plan.changes.map(\.abi).withUnsafeBytes { copy($0.baseAddress, $0.count) }
        for words in [plan.oldSectionStarts, plan.newSectionStarts, plan.sectionOldToNew, plan.sectionNewToOld] {
            words.asInt64 { copy($0, words.count * 8) }
        }
        let oldToNew = (memory.base + offset).assumingMemoryBound(to: Int64.self)
        let newToOld = (memory.base + offset + counts.oldItems * 8).assumingMemoryBound(to: Int64.self)
        plan.writeItemMaps(oldToNew: oldToNew, newToOld: newToOld)
        return memory
    }

    /// Runs `body` with the batch an image holds, pointing into the mapping; nil (without
    /// calling `body`) if the image is malformed.
    static func withBatch<T>(in memory: SharedMemory, _ body: (UnsafePointer<wb_update_batch>) -> T) -> T? {
        guard let headerBytes = memory.bytes(at: 0, count: headerFields * 8) else { return nil }
        let header = headerBytes.bindMemory(to: Int64.self)
        let limit = Int64(memory.size / 8)
        guard header[0] == magic, (1..<headerFields).allSatisfy({ header[$0] >= 0 && header[$0] <= limit }) else { return nil }
        let counts = Counts(changes: Int(header[1]), oldSections: Int(header[2]), newSections: Int(header[3]), oldItems: Int(header[4]), newItems: Int(header[5]))
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
        let itemOldToNew = words(counts.oldItems), itemNewToOld = words(counts.newItems)
        guard isStarts(oldStarts, total: counts.oldItems), isStarts(newStarts, total: counts.newItems),
              sectionOldToNew.allSatisfy({ $0 >= -1 && $0 < counts.newSections }), sectionNewToOld.allSatisfy({ $0 >= -1 && $0 < counts.oldSections }),
              itemOldToNew.allSatisfy({ $0 >= -1 && $0 < counts.newItems }), itemNewToOld.allSatisfy({ $0 >= -1 && $0 < counts.oldItems })
        else { return nil }
        var batch = wb_update_batch(
            change_count: Int64(counts.changes), changes: changes,
            old_section_count: Int64(counts.oldSections), old_section_starts: oldStarts.baseAddress,
            new_section_count: Int64(counts.newSections), new_section_starts: newStarts.baseAddress,
            section_old_to_new: sectionOldToNew.baseAddress, section_new_to_old: sectionNewToOld.baseAddress,
            item_old_to_new: itemOldToNew.baseAddress, item_new_to_old: itemNewToOld.baseAddress)
        return body(&batch)
    }

    /// Section starts: from 0, never decreasing, ending at `total`.
    private static func isStarts(_ starts: UnsafeBufferPointer<Int64>, total: Int) -> Bool {
        starts.first == 0 && starts.last == Int64(total) && zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// The image's counts, and its size in bytes (nil if it would overflow).
    private struct Counts {
        var changes, oldSections, newSections, oldItems, newItems: Int

        var size: Int? {
            let words = [oldSections + 1, newSections + 1, oldSections, newSections, oldItems, newItems]
            var total = headerFields * 8
            let (changeBytes, o1) = changes.multipliedReportingOverflow(by: MemoryLayout<wb_change>.stride)
            guard !o1 else { return nil }
            for bytes in [changeBytes] + words.map({ $0 * 8 }) {
                let (sum, overflow) = total.addingReportingOverflow(bytes)
                guard !overflow else { return nil }
                total = sum
            }
            return total
        }
    }
}
