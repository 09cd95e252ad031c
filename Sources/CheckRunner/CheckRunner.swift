import BatchRunner
import Foundation
import JSONOutput
import LayoutChecker
import LayoutKit
import PluginHost
import Sessions
import SourceDiagnostics
import WorkspaceModel

/// `workbench check`: runs the layout contract (`LayoutChecker`) on every view of every
/// workspace, and compares each view with its recorded snapshot.
///
/// Reports go through the closure it is given, one line (or located error) at a time, in the
/// order of a sequential run whatever the number of jobs; the runner itself never prints.
public struct CheckRunner: Sendable {
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

    public var plugins: PluginCatalog
    public var loader = WorkspaceLoader()
    public var checker: LayoutChecker
    public var snapshots: Snapshots?
    /// The longest one view's `prepare` may take, in seconds; nil for no limit.
    public var timeout: Double?
    /// The most snapshot differences printed per view.
    public var maximumDifferences = 8

    public init(plugins: PluginCatalog, checker: LayoutChecker = LayoutChecker(), snapshots: Snapshots? = nil) {
        self.plugins = plugins
        self.checker = checker
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
    public func run(paths: [String], jobs: Int = 1, shard: Shard = .whole, report: (String) -> Void,
                    progress: (Int, Int) -> Void = { _, _ in }) -> Summary {
        let steps = BatchViews(paths: paths, loader: loader, shard: shard).steps
        var summary = Summary()
        OrderedParallel.run(count: steps.count, jobs: jobs, work: { index -> ViewOutcome in
            switch steps[index] {
            case .failure(let error): return ViewOutcome(lines: [error.description], isError: true)
            case .view(let workspace, let view): return check(view, of: workspace)
            }
        }, deliver: { index, outcome in
            outcome.lines.forEach(report)
            if outcome.isError {
                summary.errors += 1
            } else {
                summary.viewsChecked += 1
                summary.violations += outcome.violations
                if outcome.violations == 0 { summary.viewsPassed += 1 }
                if outcome.isRecorded { summary.snapshotsRecorded += 1 }
            }
            progress(index + 1, steps.count)
        })
        return summary
    }

    /// What checking one view printed and found.
    struct ViewOutcome: Sendable {
        var lines: [String] = []
        var violations = 0
        var isError = false
        var isRecorded = false
    }

    /// Checks one view: its plugin, options and data first (errors as `run` reports them),
    /// then the invariants on fresh layouts, then the snapshot of what `run` would write.
    func check(_ view: ViewDefinition, of workspace: Workspace) -> ViewOutcome {
        let session: ViewSession, violations: [Violation]
        switch contract(of: view, in: workspace) {
        case .failure(let diagnostic): return ViewOutcome(lines: [diagnostic.description], isError: true)
        case .success(let checked): (session, violations) = checked
        }
        var outcome = ViewOutcome()
        let prefix = "view '\(view.name)' (\(view.layout)): "
        for violation in violations {
            outcome.lines.append(workspace.file.error(prefix + violation.description, at: view.mark).summary)
        }
        outcome.violations = violations.count
        if let snapshots {
            compareSnapshot(snapshots, session: session, of: workspace, into: &outcome)
        }
        // Last, and only on a layout that keeps the contract: it scrolls the session and gives
        // it a preferred size.
        let anchoring = violations.isEmpty ? checkAnchoring(session) : []
        for violation in anchoring {
            outcome.lines.append(workspace.file.error(prefix + violation.description, at: view.mark).summary)
        }
        outcome.violations += anchoring.count
        return outcome
    }

    /// Prepares one view and runs the contract on fresh layouts of it.
    ///
    /// - Returns: the prepared session and the violations found, or the located error that
    ///   kept the view from being checked (its plugin missing, its options or data refused).
    package func contract(of view: ViewDefinition, in workspace: Workspace) -> Result<(session: ViewSession, violations: [Violation]), Diagnostic> {
        let session: ViewSession
        do throws(WorkbenchError) {
            session = try ViewSession(view: view, in: workspace, plugins: plugins)
            session.timeout = timeout
            try session.prepareIfNeeded()
        } catch {
            return .failure(error.diagnostic)
        }
        do throws(LayoutError) {
            let backend = try? plugins.backend(named: view.layout)
            let data = session.source.data
            let violations = try checker.check(data: data.source, bounds: view.bounds) { () throws(LayoutError) -> any Layout in
                guard let backend else { throw .layout(message: "the plugin is gone") }
                do throws(PluginCallError) {
                    return RawPluginLayout(try backend.makeInstance(options: view.options), data: data, timeout: timeout)
                } catch {
                    if case .reported(let reported) = error { throw reported }
                    throw .layout(message: error.description)
                }
            }
            return .success((session, violations))
        } catch {
            return .failure(ViewSession.locate(error, view: view, source: session.source, file: workspace.file))
        }
    }
}
