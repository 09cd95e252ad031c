import ArgumentParser
import CheckRunner
import ContractCheck
import Foundation
import LayoutChecker
import LayoutKit

/// `workbench check PATH…`: the layout contract on every view, and golden snapshots.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every view's layout against the layout contract, and against recorded snapshots.",
        discussion: """
            PATH is a workspace file or a folder of them (*.yaml, *.yml). For every view, the plugin's \
            layout is asked rect queries (compared with a brute-force filter of all its elements), element \
            queries, a second fresh layout, a scroll and a resize, target offsets and transition attributes. \
            Each broken rule prints as path:line:column: error: view 'v' (layout): <invariant>: <element>: <detail>, \
            at the view; then a summary. Invariants: \(Invariant.allCases.map(\.rawValue).joined(separator: ", ")). \
            The exit status is 0 only if everything holds, 1 otherwise, 64 for usage errors.
            """)

    @Argument(help: ArgumentHelp("Workspace files or folders of them.", valueName: "path"))
    var paths: [String]

    @Option(
        help: ArgumentHelp(
            "Compare each view with DIR/<workspace>/<view>.json, as `run --output DIR` writes it.", valueName: "dir"))
    var snapshots: String?

    @Flag(help: "With --snapshots, write the snapshots instead of comparing with them.")
    var record = false

    @Option(help: ArgumentHelp("How many random rects to query per view, besides the degenerate ones.", valueName: "n"))
    var rects = 200

    @Option(help: ArgumentHelp("Seeds the random rects; the same seed asks the same questions.", valueName: "s"))
    var seed: UInt64 = 0

    @Option(
        help: ArgumentHelp(
            "Check the views leftToRight, rightToLeft or both (default: each view's own direction).",
            valueName: "direction"))
    var direction: String?

    @OptionGroup var plugins: PluginOptions
    @OptionGroup var batch: BatchOptions
    @OptionGroup var isolation: IsolationOptions

    func validate() throws {
        if record && snapshots == nil { throw ValidationError("--record needs --snapshots DIR") }
        if !(0...100_000).contains(rects) {
            throw ValidationError("--rects must be between 0 and 100000, got \(rects)")
        }
        _ = try directions
    }

    /// `--direction` read: a direction's name, or `both`.
    var directions: CheckDirections {
        get throws {
            guard let direction else { return .asWritten }
            if direction == "both" { return .both }
            guard let only = LayoutDirection(rawValue: direction) else {
                throw ValidationError("--direction must be leftToRight, rightToLeft or both, got '\(direction)'")
            }
            return .only(only)
        }
    }

    func run() throws {
        // Found while the workspaces load: the first view waits for them.
        let catalog = PluginDiscovery.catalog(plugins, isolation, inBackground: true)
        defer { catalog.terminateChildren() }
        var viewChecker = ViewChecker(plugins: catalog, checker: ContractChecker(rectCount: rects, seed: seed))
        viewChecker.timeout = isolation.timeout
        viewChecker.directions = try directions
        let runner = CheckBatch(
            viewChecker: viewChecker,
            snapshots: snapshots.map { CheckBatch.Snapshots(directory: $0, isRecording: record) })
        let output = StandardStream.output
        let progress = ProgressLine(noun: "views")
        let summary = runner.run(
            paths: paths, jobs: batch.jobCount, shard: batch.part,
            report: { line in
                progress.finish()
                output.writeLine(Array(line.utf8)[...])
                output.flush()
            },
            progress: progress.update)
        progress.finish()
        output.writeLine(Array(Self.summaryLine(summary).utf8)[...])
        output.flush()
        if !summary.passed { throw ExitCode(1) }
    }

    /// "workbench check: 10 views checked, 9 passed, 1 failed (3 violations), 0 errors".
    static func summaryLine(_ summary: CheckBatch.Summary) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var line =
            "workbench check: \(count(summary.viewsChecked, "view")) checked, \(summary.viewsPassed) passed, "
            + "\(summary.viewsChecked - summary.viewsPassed) failed (\(count(summary.violations, "violation"))), \(count(summary.errors, "error"))"
        if summary.snapshotsRecorded > 0 { line += "; \(count(summary.snapshotsRecorded, "snapshot")) recorded" }
        return line
    }
}
