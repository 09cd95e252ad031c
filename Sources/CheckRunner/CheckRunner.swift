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
    /// Which directions the invariants run in; the `mirror` invariant runs on every view whose
    /// plugin flips, whatever this says.
    public var directions = CheckDirections.asWritten
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
                case .failure(let error, _): return ViewOutcome(lines: [error.description], isError: true)
                case .view(let workspace, let view): return check(view, of: workspace)
                }
            },
            deliver: { index, outcome in
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
        let session: ViewSession, violations: [DirectedViolation]
        switch contract(of: view, in: workspace) {
        case .failure(let diagnostic): return ViewOutcome(lines: [diagnostic.description], isError: true)
        case .success(let checked): (session, violations) = checked
        }
        var outcome = ViewOutcome()
        func report(_ violation: Violation, in direction: LayoutDirection) {
            let prefix = "view '\(view.name)' (\(view.layout)\(direction == .rightToLeft ? ", rightToLeft" : "")): "
            outcome.lines.append(workspace.file.error(prefix + violation.description, at: view.mark).summary)
        }
        for (direction, violation) in violations { report(violation, in: direction) }
        outcome.violations = violations.count
        if let snapshots {
            compareSnapshot(snapshots, session: session, of: workspace, into: &outcome)
        }
        // Last, and only on a layout that keeps the contract: it scrolls the session, gives it
        // a preferred size and updates its data.
        let anchoring = violations.isEmpty ? checkAnchoring(session) + checkAnchoredUpdate(session) : []
        for violation in anchoring { report(violation, in: view.direction) }
        outcome.violations += anchoring.count
        return outcome
    }

    /// A broken rule, and the direction the view was laid out in when it broke.
    package typealias DirectedViolation = (direction: LayoutDirection, violation: Violation)

    /// Prepares one view and runs the contract on fresh layouts of it: in each direction
    /// `directions` asks for, mirrored against left to right for a flipping plugin, and the
    /// transitions to every other layout its workspace names that can show its source.
    ///
    /// - Returns: the prepared session and the violations found, or the located error that
    ///   kept the view from being checked (its plugin missing, its options or data refused).
    package func contract(of view: ViewDefinition, in workspace: Workspace) -> Result<
        (session: ViewSession, violations: [DirectedViolation]), Diagnostic
    > {
        let session: ViewSession
        do throws(ViewSessionError) {
            session = try ViewSession(view: view, in: workspace, plugins: plugins)
            session.timeout = timeout
            try session.prepareIfNeeded()
        } catch {
            return .failure(error.diagnostic)
        }
        var violations: [DirectedViolation] = []
        do throws(LayoutError) {
            let backend = try? plugins.backend(named: view.layout)
            let data = session.source.data
            for direction in directions.directions(for: view) {
                violations += try checker.check(
                    data: data.source, bounds: view.bounds, makeLayout: makeLayout(view, backend, data, direction)
                )
                .map { (direction, $0) }
            }
            if backend?.plugin.flipsHorizontally == true {
                violations += try checker.checkMirror(
                    data: data.source, bounds: view.bounds,
                    rightToLeft: makeLayout(view, backend, data, .rightToLeft),
                    leftToRight: makeLayout(view, backend, data, .leftToRight)
                )
                .map { (.rightToLeft, $0) }
            }
            // Transitions are judged against the layouts' own answers: meaningless if those are wrong.
            if violations.isEmpty {
                violations += checkTransitions(of: view, in: workspace, data: data).map { (view.direction, $0) }
            }
            return .success((session, violations))
        } catch {
            return .failure(ViewSession.locate(error, view: view, source: session.source, file: workspace.file))
        }
    }

    /// Makes fresh layouts of `view` for the checker, in `direction` (mirrored by the host
    /// when the plugin flips), with the plugin's answers as it wrote them.
    func makeLayout(
        _ view: ViewDefinition, _ backend: (any PluginBackend)?, _ data: DataSet,
        _ direction: LayoutDirection
    ) -> () throws(LayoutError) -> any Layout {
        let timeout = timeout
        return { () throws(LayoutError) -> any Layout in
            guard let backend else { throw .layout(message: "the plugin is gone") }
            do throws(PluginCallError) {
                let instance = DirectedInstance(
                    try backend.makeInstance(options: view.options),
                    flipsHorizontally: backend.plugin.flipsHorizontally, direction: direction)
                return RawPluginLayout(instance, data: data, timeout: timeout)
            } catch {
                if case .reported(let reported) = error { throw reported }
                throw .layout(message: error.description)
            }
        }
    }
}

/// Which directions `workbench check` lays each view out in.
public enum CheckDirections: Sendable {
    /// The view's own (`direction:` in the workspace).
    case asWritten
    case only(LayoutDirection)
    /// Left to right, then right to left.
    case both

    func directions(for view: ViewDefinition) -> [LayoutDirection] {
        switch self {
        case .asWritten: return [view.direction]
        case .only(let direction): return [direction]
        case .both: return [.leftToRight, .rightToLeft]
        }
    }
}
