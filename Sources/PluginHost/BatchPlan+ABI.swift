import BatchUpdates
package import CLayoutABI
import LayoutKit

extension BatchPlan {
    /// Runs `body` with the plan as the ABI's `wb_update_batch`, pointing into arrays that
    /// live only during `body` (the item maps are written out from the plan's runs: O(items)).
    package func withABIBatch<T>(_ body: (UnsafePointer<wb_update_batch>) -> T) -> T {
        let oldToNew = UnsafeMutableBufferPointer<Int64>.allocate(capacity: max(oldItemCount, 1))
        let newToOld = UnsafeMutableBufferPointer<Int64>.allocate(capacity: max(newItemCount, 1))
        defer {
            oldToNew.deallocate()
            newToOld.deallocate()
        }
        writeItemMaps(oldToNew: oldToNew.baseAddress!, newToOld: newToOld.baseAddress!)
        let changes = changes.map(\.abi)
        return changes.withUnsafeBufferPointer { changes in
            oldSectionStarts.asInt64 { oldStarts in
                newSectionStarts.asInt64 { newStarts in
                    sectionOldToNew.asInt64 { sectionOldToNew in
                        sectionNewToOld.asInt64 { sectionNewToOld in
                            var batch = wb_update_batch(
                                change_count: Int64(changes.count), changes: changes.baseAddress,
                                old_section_count: Int64(oldSectionCounts.count), old_section_starts: oldStarts,
                                new_section_count: Int64(newSectionCounts.count), new_section_starts: newStarts,
                                section_old_to_new: sectionOldToNew, section_new_to_old: sectionNewToOld,
                                item_old_to_new: oldToNew.baseAddress, item_new_to_old: newToOld.baseAddress)
                            return body(&batch)
                        }
                    }
                }
            }
        }
    }

    /// Writes the ABI's per-item maps (`oldItemCount` and `newItemCount` entries) from the
    /// runs: -1 everywhere, then each run's consecutive indices. O(items), two plain passes.
    package func writeItemMaps(oldToNew: UnsafeMutablePointer<Int64>, newToOld: UnsafeMutablePointer<Int64>) {
        oldToNew.initialize(repeating: -1, count: oldItemCount)
        newToOld.initialize(repeating: -1, count: newItemCount)
        for run in itemRuns {
            let old = Int64(run.old), new = Int64(run.new)
            for offset in 0..<run.count {
                oldToNew[run.old + offset] = new + Int64(offset)
                newToOld[run.new + offset] = old + Int64(offset)
            }
        }
    }
}

extension Array where Element == Int {
    /// The array's storage as `int64_t *` (Int is 64 bits on every platform the workbench supports).
    package func asInt64<T>(_ body: (UnsafePointer<Int64>?) -> T) -> T {
        withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Int64.self) { body($0.baseAddress) }
        }
    }
}

extension BatchChange {
    /// The change as the ABI's `wb_change` (unused fields -1).
    package var abi: wb_change {
        func change(_ kind: Int32, _ section: Int, _ item: Int = -1, _ toSection: Int = -1, _ toItem: Int = -1) -> wb_change {
            wb_change(kind: kind, reserved: 0, section: Int64(section), item: Int64(item), to_section: Int64(toSection), to_item: Int64(toItem))
        }
        switch self {
        case .insert(let path, _): return change(Int32(WB_CHANGE_INSERT), path.section, path.item)
        case .delete(let path): return change(Int32(WB_CHANGE_DELETE), path.section, path.item)
        case .reload(let path, _): return change(Int32(WB_CHANGE_RELOAD), path.section, path.item)
        case .move(let from, let to): return change(Int32(WB_CHANGE_MOVE), from.section, from.item, to.section, to.item)
        case .insertSection(let section, let items, _): return change(Int32(WB_CHANGE_INSERT_SECTION), section, items.count)
        case .deleteSection(let section): return change(Int32(WB_CHANGE_DELETE_SECTION), section)
        case .moveSection(let from, let to): return change(Int32(WB_CHANGE_MOVE_SECTION), from, -1, to)
        }
    }
}
