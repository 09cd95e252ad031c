import ContractCheck
import ParallelWork
import WorkspaceBatch
import WorkspaceModel

/// `workbench check`: runs the layout contract (`ViewChecker`) on every view of every
/// workspace, and compares each view with its recorded snapshot.
///
/// Reports go through the closure it is given, one line (or located error) at a time, in the
/// order of a sequential run whatever the number of jobs; the runner itself never prints.
public struct CheckBatch: Sendable {
    /// Golden files in `run --output`'s format: `<directory>/<workspace>/<view>.json`.
    public struct Snapshots: Sendable {
        public var directory: String
        /// Write the files instead of comparing with them.
        public var isRecording: Bool

        public init(directory: String, isRecording: Bool) {
            self.directory = directory
            self.isRecording = isRecording
        }
    }

    /// The contract, its directions and time limit, as each view is checked.
    public var viewChecker: ViewChecker
    public var loader = WorkspaceLoader()
    public var snapshots: Snapshots?
    /// The most snapshot differences printed per view.
    public var maximumDifferences = 8

    public init(viewChecker: ViewChecker, snapshots: Snapshots? = nil) {
        self.viewChecker = viewChecker
        self.snapshots = snapshots
    }

    /// What a check found.
    public struct Summary: Equatable, Sendable {
        public var viewsChecked = 0
        public var viewsPassed = 0
        /// Broken invariants and snapshot differences, over all views.
        public var violations = 0
        /// Files, views or plugins that could not be checked at all.
        public var errors = 0
        public var snapshotsRecorded = 0

        public var passed: Bool { violations == 0 && errors == 0 }
    }

    /// Checks every view of the workspaces in `paths` (files, or folders of them).
    ///
    /// - Parameters:
    ///   - jobs: how many views to check at once.
    ///   - shard: which part of the batch to check.
    ///   - report: receives each violation (one line) and each error (with its source line).
    ///   - progress: after each view or error, the number done and the number in all.
    public func run(
        paths: [String], jobs: Int = 1, shard: Shard = .whole, report: (String) -> Void,
        progress: (Int, Int) -> Void = { _, _ in }
    ) -> Summary {
        let steps = BatchViews(paths: paths, loader: loader, shard: shard).steps
        var summary = Summary()
        OrderedParallel.run(
            count: steps.count, jobs: jobs,
            work: { index -> ViewOutcome in
                switch steps[index] {
                case .failure(let error, _):
                    return ViewOutcome(report: ViewChecker.ViewReport(findings: [error.description], isError: true))
                case .view(let workspace, let view): return check(view, of: workspace)
                }
            },
            deliver: { index, outcome in
                outcome.report.findings.forEach(report)
                if outcome.report.isError {
                    summary.errors += 1
                } else {
                    summary.viewsChecked += 1
                    summary.violations += outcome.report.violations
                    if outcome.report.violations == 0 { summary.viewsPassed += 1 }
                    if outcome.isRecorded { summary.snapshotsRecorded += 1 }
                }
                progress(index + 1, steps.count)
            })
        return summary
    }

    /// What checking one view printed and found.
    struct ViewOutcome: Sendable {
        var report: ViewChecker.ViewReport
        var isRecorded = false
    }

    /// Checks one view as `ViewChecker` does, comparing it with its snapshot (if any) before
    /// the anchoring checks move it.
    func check(_ view: ViewDefinition, of workspace: Workspace) -> ViewOutcome {
        var isRecorded = false
        let report = viewChecker.check(view, of: workspace) { session, report in
            guard let snapshots else { return }
            isRecorded = compareSnapshot(snapshots, session: session, of: workspace, into: &report)
        }
        return ViewOutcome(report: report, isRecorded: isRecorded)
    }
}
