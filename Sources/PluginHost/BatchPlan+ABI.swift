import BatchUpdates
package import CLayoutABI
import LayoutKit

extension BatchPlan {
    /// Runs `body` with the plan as the ABI's `wb_update_batch`, pointing into arrays that
    /// live only during `body`. O(changes + sections + runs): nothing per item.
    package func withABIBatch<T>(_ body: (UnsafePointer<wb_update_batch>) -> T) -> T {
        let changes = changes.map(\.abi), runs = abiRuns
        return changes.withUnsafeBufferPointer { changes in
            runs.withUnsafeBufferPointer { runs in
                oldSectionStarts.asInt64 { oldStarts in
                    newSectionStarts.asInt64 { newStarts in
                        sectionOldToNew.asInt64 { sectionOldToNew in
                            sectionNewToOld.asInt64 { sectionNewToOld in
                                var batch = wb_update_batch(
                                    change_count: Int64(changes.count), changes: changes.baseAddress,
                                    old_section_count: Int64(oldSectionCounts.count), old_section_starts: oldStarts,
                                    new_section_count: Int64(newSectionCounts.count), new_section_starts: newStarts,
                                    section_old_to_new: sectionOldToNew, section_new_to_old: sectionNewToOld,
                                    item_run_count: Int64(runs.count), item_runs: runs.baseAddress)
                                return body(&batch)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The item runs as the ABI's `wb_item_run`s.
    package var abiRuns: [wb_item_run] {
        itemRuns.map { wb_item_run(old_start: Int64($0.old), new_start: Int64($0.new), count: Int64($0.count)) }
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
        func change(_ kind: Int32, _ section: Int, _ item: Int = -1, _ toSection: Int = -1, _ toItem: Int = -1)
            -> wb_change
        {
            wb_change(
                kind: kind, reserved: 0, section: Int64(section), item: Int64(item), to_section: Int64(toSection),
                to_item: Int64(toItem))
        }
        switch self {
        case .insert(let path, _): return change(Int32(WB_CHANGE_INSERT), path.section, path.item)
        case .delete(let path): return change(Int32(WB_CHANGE_DELETE), path.section, path.item)
        case .reload(let path, _): return change(Int32(WB_CHANGE_RELOAD), path.section, path.item)
        case .move(let from, let to): return change(Int32(WB_CHANGE_MOVE), from.section, from.item, to.section, to.item)
        case .insertSection(let section, let items, _):
            return change(Int32(WB_CHANGE_INSERT_SECTION), section, items.count)
        case .deleteSection(let section): return change(Int32(WB_CHANGE_DELETE_SECTION), section)
        case .moveSection(let from, let to): return change(Int32(WB_CHANGE_MOVE_SECTION), from, -1, to)
        }
    }
}
