import BenchmarkReport
import BenchmarkWorkloads
import Foundation
import LayoutKit
import Platform
import PluginHost
import PluginIsolation

/// Preparing a layout through its real plugin library in both isolation modes, side by side:
/// in this process (`none`) and in a `workbench plugin-process` child (`process`), where the
/// data crosses once through shared memory.
struct IsolationBenchmark {
    var sizes: [Int]

    func run() throws {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        let executable = folder + "/workbench"
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            print("isolation: skipped, no workbench beside this benchmark (swift build -c release builds it)\n")
            return
        }
        print("isolation — prepare through the plugin library: in this process (none) vs a plugin process (process)")
        printRow(
            ["layout", "elements", "none", "process", "process/none", "first prepare in the child (data copied)"],
            widths: [9, 10, 10, 10, 13, 12])
        for (name, library, workload) in [("circles", "Circles", Workloads.circles), ("tree", "Tree", Workloads.tree)] {
            let plugin = try PluginLoader.load(path: "\(folder)/" + Portability.libraryFileName(library))
            for size in sizes {
                let workload = workload(size)
                let inProcess = try InProcessBackend(plugin: plugin).makeInstance(options: [:])
                let isolated = try ProcessBackend(plugin: plugin, executable: executable).makeInstance(options: [:])
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
