import BenchmarkReport
import BenchmarkWorkloads
import Foundation
import LayoutKit
import PluginHost
import PluginIsolation

/// Preparing a layout through its real plugin library in both isolation modes, side by side:
/// in this process (`none`) and in a `workbench plugin-process` child (`process`), where the
/// data crosses once through shared memory.
struct IsolationBenchmark {
    /// The `workbench` executable driven, its plugins beside it.
    let workbench: String
    var sizes: [Int]

    func run() throws {
        guard isRunnable(workbench, part: "isolation") else { return }
        print("isolation — prepare through the plugin library: in this process (none) vs a plugin process (process)")
        printRow(
            ["layout", "elements", "none", "process", "process/none", "first prepare in the child (data copied)"],
            widths: [9, 10, 10, 10, 13, 12])
        // The plugins built beside the workbench, as it finds them.
        let plugins = PluginRegistry.discover(in: [URL(fileURLWithPath: workbench).deletingLastPathComponent().path])
        for (name, workload) in [("circles", Workloads.circles), ("tree", Workloads.tree)] {
            let plugin = try plugins.plugin(named: name)
            for size in sizes {
                let workload = workload(size)
                let inProcess = try InProcessBackend(plugin: plugin).makeInstance(options: [:])
                let isolated = try ProcessBackend(plugin: plugin, executable: workbench).makeInstance(options: [:])
                let first = try Measure.seconds {
                    try isolated.prepare(data: workload.data, bounds: workload.bounds, cancel: CancelFlag())
                }
                let runs = size >= 1_000_000 ? 3 : 7
                let none = try Measure.median(runs: runs) {
                    try inProcess.prepare(data: workload.data, bounds: workload.bounds, cancel: CancelFlag())
                }
                let process = try Measure.median(runs: runs) {
                    try isolated.prepare(data: workload.data, bounds: workload.bounds, cancel: CancelFlag())
                }
                guard try inProcess.elements(in: .everything) == isolated.elements(in: .everything) else {
                    throw Mismatch(description: "\(name) at \(size): the modes disagree")
                }
                printRow(
                    [
                        name, "\(workload.elements)", Measure.format(none), Measure.format(process),
                        String(format: "×%.2f", process / none), Measure.format(first),
                    ], widths: [9, 10, 10, 10, 13, 12])
            }
        }
        print("  target: process/none ≤ ×1.2 at 10^6 elements\n")
    }
}
