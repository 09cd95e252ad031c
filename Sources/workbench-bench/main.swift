import Foundation

// workbench-bench: the engine beside seed-faithful references, in one run, in release mode.
//
//     swift run -c release workbench-bench                 every layout at 10^4, 10^5 and 10^6 elements
//     swift run -c release workbench-bench --quick         10^3 and 10^4 only (a smoke run)
//     swift run -c release workbench-bench tree server     only the named parts (circles, tree, mark-sheet, guide, server)

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let sizes = quick ? [1_000, 10_000] : [10_000, 100_000, 1_000_000]
let chosen = Set(arguments.filter { !$0.hasPrefix("--") })
func wants(_ name: String) -> Bool { chosen.isEmpty || chosen.contains(name) }
#if DEBUG
print("warning: a debug build; run with `swift run -c release workbench-bench` for real numbers\n")
#endif
do {
    if wants("circles") {
        try LayoutBenchmark(title: "circles — seed 001; reference: stepping 5 pt, objects in a dictionary, linear scan",
                            cases: sizes.map(Workloads.circles)).run()
    }
    if wants("tree") {
        try LayoutBenchmark(title: "tree — seed 000; reference: back-to-front framing with recursive adjustment, objects in dictionaries, linear scan",
                            cases: sizes.map(Workloads.tree)).run()
    }
    if wants("mark-sheet") {
        try LayoutBenchmark(title: "mark-sheet — seed 002; reference: every element an object made in prepare, linear scan",
                            cases: sizes.map(Workloads.markSheet)).run()
    }
    if wants("guide") {
        try LayoutBenchmark(title: "guide — seed 004; reference: objects in a dictionary with headers moved in prepare, linear scan",
                            cases: sizes.map { Workloads.guide(channels: max(1, $0 / 337 - 1)) }).run()
        try GuideScrollBenchmark(channels: quick ? 30 : 1000, steps: 600).run()
    }
    if wants("server") {
        try ServerBenchmark(requests: quick ? 1000 : 5000).run()
    }
} catch {
    print("error: \(error)")
    exit(1)
}
