import Foundation

// workbench-bench: the engine beside seed-faithful references, in one run, in release mode.
//
//     swift run -c release workbench-bench           all sizes (10^4, 10^5, 10^6)
//     swift run -c release workbench-bench --quick   10^3 and 10^4 only (a smoke run)

let arguments = CommandLine.arguments.dropFirst()
let sizes = arguments.contains("--quick") ? [1_000, 10_000] : [10_000, 100_000, 1_000_000]
#if DEBUG
print("warning: a debug build; run with `swift run -c release workbench-bench` for real numbers\n")
#endif
do {
    try CirclesBenchmark(sizes: sizes).run()
} catch {
    print("error: \(error)")
    exit(1)
}
