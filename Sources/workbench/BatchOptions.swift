import ArgumentParser
import Foundation
import WorkspaceBatch

/// Options of the batch commands (`run`, `check`): parallelism and sharding.
struct BatchOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How many views to process at once (default: the number of cores); the output is the same, in the same order, for any number.",
            valueName: "n"))
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Process only part K of N of the views (1 ≤ K ≤ N): every Nth view counting from the Kth, over all views in order. The N parts are disjoint and together the whole.",
            valueName: "K/N"))
    var shard: String?

    func validate() throws {
        if let jobs, !(1...1024).contains(jobs) {
            throw ValidationError("--jobs must be between 1 and 1024, got \(jobs)")
        }
        if let shard, Shard(parsing: shard) == nil {
            throw ValidationError("--shard must be K/N with whole numbers 1 ≤ K ≤ N, got '\(shard)'")
        }
    }

    var jobCount: Int { jobs ?? max(1, ProcessInfo.processInfo.activeProcessorCount) }
    var part: Shard { shard.flatMap(Shard.init(parsing:)) ?? .whole }
}

/// A one-line progress count on standard error, redrawn in place, only when standard error
/// is a terminal (never into a pipe or a file).
struct ProgressLine {
    let isShown = isatty(2) == 1
    let noun: String

    func update(_ done: Int, _ total: Int) {
        guard isShown, total > 1 else { return }
        StandardStream.error.writeNow(Array("\r\u{1B}[Kworkbench: \(done)/\(total) \(noun)".utf8))
    }

    /// Clears the line, before the summary.
    func finish() {
        guard isShown else { return }
        StandardStream.error.writeNow(Array("\r\u{1B}[K".utf8))
    }
}
