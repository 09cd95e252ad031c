import BenchmarkReport
import BenchmarkWorkloads
import Foundation
import ServeClient

// workbench-bench: the engine beside seed-faithful references, in one run, in release mode.
// Built in Benchmarks/ (`swift build -c release --disable-build-manifest-caching`); the parts that
// run `workbench` (run, update, move, isolation, server, preview, the waterfall's preferred sizes)
// drive the root package's release build, so build that too (`swift build -c release`).
//
//     workbench-bench                      every layout at 10^4, 10^5 and 10^6 elements
//     workbench-bench --quick              10^3 and 10^4 only (a smoke run)
//     workbench-bench tree server          only the named parts: circles, tree, mark-sheet, guide, waterfall, flow, compositional,
//                                          packing, run, update, move, isolation, server, preview
//     workbench-bench --json FILE          also write every figure and target to FILE as JSON
//     workbench-bench --engine-only        for profilers: no references, no checks (ratios are nan)
//     workbench-bench --workbench PATH     the workbench to drive (default: the root package's build of this
//                                          tool's configuration, .build/release/workbench)
//     workbench-bench --quick --baseline baseline-quick.json
//                                          the regression guard: exit status 1 if a ratio got worse
//     workbench-bench --quick --record-baseline FILE
//                                          record this run's guarded ratios in a baseline (an existing file
//                                          keeps, per figure, the worse of its value and this run's)
//
// It ends with the issue's targets, each with its measured value, its limit and their ratio,
// and with --baseline, each guarded figure (a ratio to a reference measured in the same run)
// beside its baseline.

var commandLine = BenchmarkArguments()
// Read before anything runs, so that a bad baseline file costs no benchmark.
let outputs = commandLine.outputs()
let workbench = WorkbenchExecutable.path(explicit: commandLine.value(of: "--workbench"))
let quick = commandLine.remaining.contains("--quick")
let isEngineOnly = commandLine.remaining.contains("--engine-only")
let sizes = quick ? [1_000, 10_000] : [10_000, 100_000, 1_000_000]
let chosen = Set(commandLine.remaining.filter { !$0.hasPrefix("--") })
func wants(_ name: String) -> Bool { chosen.isEmpty || chosen.contains(name) }
#if DEBUG
    print("warning: a debug build; build with `swift build -c release` in Benchmarks/ for real numbers\n")
#endif
let report = Report.shared
let largest = "\(sizes.last!)"
do {
    if wants("circles") {
        let circles = try LayoutBenchmark(
            name: "circles",
            title: "circles — seed 001; reference: stepping 5 pt, objects in a dictionary, linear scan",
            cases: sizes.map(Workloads.circles), isEngineOnly: isEngineOnly
        ).run()
        report.target(
            "circles prepare at \(largest): speed-up over the seed's algorithm",
            measured: circles.largest.referencePrepare / circles.largest.enginePrepare, atLeast: 150, "×")
        report.target(
            "circles random-viewport growth \(sizes.first!) → \(largest)", measured: circles.randomGrowth, atMost: 1.5,
            "×")
    }
    if wants("tree") {
        let tree = try LayoutBenchmark(
            name: "tree",
            title:
                "tree — seed 000; reference: back-to-front framing with recursive adjustment, objects in dictionaries, linear scan",
            cases: sizes.map(Workloads.tree), isEngineOnly: isEngineOnly
        ).run()
        report.target(
            "tree prepare at \(largest), per node",
            measured: tree.largest.enginePrepare / Double(tree.largest.elements), atMost: 20e-9, "s/node")
        report.target(
            "tree query at \(largest) (k ≈ \(Int(tree.largest.found.rounded())))", measured: tree.largest.engineQuery,
            atMost: 1.5e-6, "s")
        report.target(
            "tree random-viewport growth \(sizes.first!) → \(largest)", measured: tree.randomGrowth, atMost: 1.5, "×")
    }
    if wants("mark-sheet") {
        try LayoutBenchmark(
            name: "mark-sheet",
            title: "mark-sheet — seed 002; reference: every element an object made in prepare, linear scan",
            cases: sizes.map(Workloads.markSheet), isEngineOnly: isEngineOnly
        ).run()
    }
    if wants("guide") {
        let guide = try LayoutBenchmark(
            name: "guide",
            title: "guide — seed 004; reference: objects in a dictionary with headers moved in prepare, linear scan",
            cases: sizes.map { Workloads.guide(channels: max(1, $0 / 337 - 1)) }, isEngineOnly: isEngineOnly
        ).run()
        report.target(
            "guide random-viewport growth \(sizes.first!) → \(largest)", measured: guide.randomGrowth, atMost: 1.5, "×")
        try GuideScrollBenchmark(channels: quick ? 30 : 1000, steps: 600).run()
    }
    if wants("waterfall") {
        let waterfall = try LayoutBenchmark(
            name: "waterfall",
            title:
                "waterfall — CHTCollectionViewWaterfallLayout; reference: objects in arrays, union rects of 20, scan of the blocks hit",
            cases: sizes.map(Workloads.waterfall), isEngineOnly: isEngineOnly
        ).run()
        report.target(
            "waterfall prepare at \(largest), per item",
            measured: waterfall.largest.enginePrepare / Double(waterfall.largest.elements), atMost: 30e-9, "s/item")
        report.target(
            "waterfall query at \(largest) (k ≈ \(Int(waterfall.largest.found.rounded())))",
            measured: waterfall.largest.engineQuery, atMost: 1.5e-6, "s")
        report.target(
            "waterfall random-viewport growth \(sizes.first!) → \(largest)", measured: waterfall.randomGrowth,
            atMost: 1.5, "×")
        if let preferred = try PreferredSizeBenchmark(workbench: workbench, items: sizes.last!).run()?["process"] {
            report.target(
                "waterfall preferredSizes of a middle item at \(largest) vs preparing again: speed-up",
                measured: preferred.prepareAgain / preferred.preferredSize, atLeast: 10, "×")
        }
    }
    if wants("flow") {
        for (label, workload, perItem) in [
            ("uniform", Workloads.flowUniform as (Int) -> Workload, 30e-9), ("mixed", Workloads.flowMixed, 100e-9),
        ] {
            let flow = try LayoutBenchmark(
                name: "flow-\(label)",
                title:
                    "flow, \(label) items — UIKit's flow layout (shared/contracts/flow.md); reference: the contract written plainly, every element made in prepare, linear scan",
                cases: sizes.map(workload), isEngineOnly: isEngineOnly
            ).run()
            report.target(
                "flow (\(label)) prepare at \(largest), per item",
                measured: flow.largest.enginePrepare / Double(flow.largest.elements), atMost: perItem, "s/item")
            report.target(
                "flow (\(label)) query at \(largest) (k ≈ \(Int(flow.largest.found.rounded())))",
                measured: flow.largest.engineQuery, atMost: 1.5e-6, "s")
            report.target(
                "flow (\(label)) random-viewport growth \(sizes.first!) → \(largest)", measured: flow.randomGrowth,
                atMost: 1.5, "×")
        }
    }
    if wants("compositional") {
        let grid = try LayoutBenchmark(
            name: "compositional-grid",
            title:
                "compositional, Apple's Grid sample — UIKit's compositional layout (shared/contracts/compositional.md); reference: the contract written plainly, every element made in prepare, linear scan",
            cases: sizes.map(Workloads.compositionalGrid), isEngineOnly: isEngineOnly
        ).run()
        report.target(
            "compositional grid prepare at \(largest), per item",
            measured: grid.largest.enginePrepare / Double(grid.largest.elements), atMost: 30e-9, "s/item")
        report.target(
            "compositional grid query at \(largest) (k ≈ \(Int(grid.largest.found.rounded())))",
            measured: grid.largest.engineQuery, atMost: 1.5e-6, "s")
        report.target(
            "compositional grid random-viewport growth \(sizes.first!) → \(largest)", measured: grid.randomGrowth,
            atMost: 1.5, "×")
    }
    if wants("isolation") {
        try IsolationBenchmark(workbench: workbench, sizes: quick ? [10_000] : [10_000, 1_000_000]).run()
    }
    if wants("packing") {
        try PackingBenchmark(count: sizes.last!).run()
    }
    if wants("run"), let run = try RunBenchmark(workbench: workbench, elements: sizes.last!).run() {
        for (name, measured) in [("to standard output", run.standardOutput), ("with --output DIR", run.files)] {
            report.target(
                "workbench run \(largest) elements \(name): throughput",
                measured: Double(measured.bytes) / measured.seconds, atLeast: 0.6e9, "B/s")
        }
        let allowance = RunBenchmark.allowance(baseline: run.baseline.peakBytes, elements: sizes.last!).total
        report.target(
            "workbench run \(largest) elements: peak memory (≤ baseline + data + cache + buffer)",
            measured: max(run.standardOutput.peakBytes, run.files.peakBytes), atMost: allowance, "B")
    }
    if wants("update"), let update = try UpdateBenchmark(workbench: workbench, items: sizes.last!).run() {
        report.target(
            "update of one item at \(largest) vs preparing again: speed-up",
            measured: update.reprepare / update.reloadLast, atLeast: 10, "×")
    }
    if wants("move"), let move = try MoveBenchmark(workbench: workbench, items: sizes.last!).run() {
        report.target(
            "updateMove at \(largest) vs preparing again: speed-up", measured: move.reprepare / move.step, atLeast: 10,
            "×")
    }
    if wants("server") {
        if let server = try ServerBenchmark(workbench: workbench, requests: quick ? 1000 : 5000).run() {
            report.target(
                "server round trip p99 in process, query of 111 elements", measured: server.inProcessP99,
                atMost: 50e-6, "s")
            report.target(
                "isolated ÷ in-process round trip at p50", measured: server.p50 / server.inProcessP50, atMost: 1.5, "×")
        }
        if let cold = try ServerBenchmark(workbench: workbench).runCold(rounds: quick ? 400 : 1500) {
            report.target(
                "cold (2–16 ms apart): isolated ÷ in-process round trip at p50",
                measured: cold.contained / cold.inProcess, atMost: 1.5, "×")
            report.target(
                "cold: isolated − in-process ÷ a cold pipe ping-pong at p50",
                measured: (cold.contained - cold.inProcess) / cold.pipePingPong, atMost: 0.5, "×")
        }
    }
    if wants("preview"), let preview = try PreviewBenchmark(workbench: workbench, requests: quick ? 500 : 2000).run() {
        report.target(
            "preview WebSocket round trip p99, guide viewport at 10^6 elements", measured: preview.webSocket.p99,
            atMost: 2e-3, "s")
    }
    report.printTargets(isQuick: quick)
    let about =
        "workbench-bench\(quick ? " --quick" : "") ratios to references measured in the same run (each layout's queries "
        + "to a brute-force scan of its frames, the byte writer to JSONEncoder); written by --record-baseline, compared by "
        + "--baseline; update only on purpose"
    if try report.finish(isQuick: quick, outputs: outputs, about: about) { exit(1) }
} catch {
    print("error: \(error)")
    exit(1)
}
