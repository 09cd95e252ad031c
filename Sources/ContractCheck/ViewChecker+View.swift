import LayoutChecker
import LayoutKit
import Sessions
import SourceDiagnostics
import WorkspaceModel

extension ViewChecker {
    /// What checking one view found.
    public struct ViewReport: Sendable {
        /// Each broken invariant, or the error that stopped the check, located at the view.
        public var findings: [String]
        public var violations: Int
        /// The view could not be checked at all (its plugin, options or data failed).
        public var isError: Bool
        /// Why the view could not be checked, located: the one finding when `isError`.
        package var failure: Diagnostic?

        package init(findings: [String] = [], violations: Int = 0, isError: Bool = false) {
            self.findings = findings
            self.violations = violations
            self.isError = isError
        }
    }

    /// Checks the view a live session shows, as `workbench check` checks each view: its layout
    /// and options, direction and data as the session's requests left them, at its viewport,
    /// and the transitions to the other layouts of its workspace (`workbench serve`'s and `mcp`'s
    /// `check`). The session itself is left as it was: the check makes layouts of its own.
    public func check(_ session: ViewSession) -> ViewReport {
        var view = session.view
        view.direction = session.direction
        let views = session.workspaceViews.map { $0.name == view.name ? view : $0 }
        let workspace = Workspace(
            name: "", file: session.workspaceFile, directory: "", sources: [view.source: session.source], views: views)
        return check(view, of: workspace)
    }

    /// Checks one view: its plugin, options and data first (errors as `run` reports them),
    /// then the invariants on fresh layouts, then `inspect` on the prepared session
    /// (`workbench check` compares it with its snapshot there), then the host's anchoring.
    package func check(
        _ view: ViewDefinition, of workspace: Workspace,
        inspecting inspect: (ViewSession, inout ViewReport) -> Void = { _, _ in }
    ) -> ViewReport {
        let session: ViewSession, violations: [DirectedViolation]
        switch contract(of: view, in: workspace) {
        case .failure(let diagnostic):
            var report = ViewReport(findings: [diagnostic.description], isError: true)
            report.failure = diagnostic
            return report
        case .success(let checked): (session, violations) = checked
        }
        var report = ViewReport()
        func add(_ violation: Violation, in direction: LayoutDirection) {
            let prefix = "view '\(view.name)' (\(view.layout)\(direction == .rightToLeft ? ", rightToLeft" : "")): "
            report.findings.append(workspace.file.error(prefix + violation.description, at: view.mark).summary)
        }
        for (direction, violation) in violations { add(violation, in: direction) }
        report.violations = violations.count
        inspect(session, &report)
        // Last, and only on a layout that keeps the contract: it scrolls the session, gives it
        // a preferred size and updates its data.
        let anchoring = violations.isEmpty ? checkAnchoring(session) + checkAnchoredUpdate(session) : []
        for violation in anchoring { add(violation, in: view.direction) }
        report.violations += anchoring.count
        return report
    }
}
