import BenchmarkReport
import BenchmarkWorkloads
import CBoostRTree
import Foundation

// peer-bench: the workbench's viewport queries beside Boost.Geometry's packed R-tree, on the
// same frames and viewports, in one process (release mode).
//
//     swift run -c release peer-bench                  every workload at 10^6 elements
//     swift run -c release peer-bench --quick          at 10^4, 10^4 random viewports (a smoke run)
//     swift run -c release peer-bench circles tree     only the named workloads
//     swift run -c release peer-bench --elements N --queries N --rounds N
//     swift run -c release peer-bench --json FILE      every figure, ratio and target as JSON (workbench-bench's format)
//     swift run -c release peer-bench --baseline FILE  the guard on the engine/Boost ratios: exit 1 if one got worse
//     swift run -c release peer-bench --record-baseline FILE
//                                                      record the ratios (an existing file keeps the worse per figure)

var commandLine = BenchmarkArguments()
let outputs = commandLine.outputs()
let quick = commandLine.remaining.contains("--quick")
let elements = commandLine.positiveNumber(of: "--elements") ?? (quick ? 10_000 : 1_000_000)
let queries = commandLine.positiveNumber(of: "--queries") ?? (quick ? 10_000 : 100_000)
let rounds = commandLine.positiveNumber(of: "--rounds") ?? 3
let chosen = commandLine.remaining.filter { !$0.hasPrefix("--") }
if let unknown = chosen.first(where: { !Workloads.layouts.contains($0) })
    ?? commandLine.remaining.first(where: { $0.hasPrefix("--") && $0 != "--quick" })
{
    print("error: unknown argument '\(unknown)'; workloads: \(Workloads.layouts.joined(separator: " "))")
    exit(64)
}
#if DEBUG
    print("warning: a debug build; run with `swift run -c release peer-bench` for real numbers\n")
#endif

print(
    "peer-bench — the engine, LayoutKit's bare SpatialIndex and Boost \(String(cString: wb_rtree_boost_version())) bgi::rtree (packed, 16 a node), "
        + "\(rounds) rounds in turns, each path's best")
print(
    "  bench/q: the bench's 200 viewports, \(5 * rounds) passes in runs of up to 64 (about 2,000 elements), each run's best, per query; p50, p99: each random viewport timed alone, "
        + "its best of \(rounds) (clock reads of ~\(Measure.format(Timing.overhead())) included); mean: the random viewports in runs "
        + "of up to 64 (about 2,000 elements), each run's best of \(rounds)")
print()
let report = Report.shared
var summary: [PeerBenchmark.Ratios] = []
do {
    for layout in Workloads.layouts where chosen.isEmpty || chosen.contains(layout) {
        let workload = Workloads.named(layout, elements)!
        summary.append(try PeerBenchmark(workload: workload, queries: queries, rounds: rounds).run())
    }
    print("engine / Boost's best, per workload (target: mean and p99 ≤ ×1.0)")
    let widths = [12, 10, 8, 8, 8, 8, 8, 27]
    printRow(["workload", "elements", "k", "bench", "p50", "mean", "p99", "Boost's best mean"], widths: widths)
    for ratios in summary {
        printRow(
            [ratios.layout, "\(ratios.elements)", String(format: "%.1f", ratios.k)]
                + [ratios.bench, ratios.p50, ratios.mean, ratios.p99].map { String(format: "×%.2f", $0) } + [
                    ratios.boostBest
                ], widths: widths)
    }
    print()
    report.printTargets(isQuick: quick)
    let about =
        "peer-bench\(quick ? " --quick" : "") ratios of the engine's query times to Boost's best packed R-tree, measured in the "
        + "same run; written by --record-baseline, compared by --baseline; update only on purpose"
    if try report.finish(isQuick: quick, outputs: outputs, about: about) { exit(1) }
} catch {
    print("error: \(error)")
    exit(1)
}
