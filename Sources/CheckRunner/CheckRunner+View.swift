import WorkspaceModel

extension CheckRunner {
    /// What checking one view found.
    public struct ViewReport: Sendable {
        /// Each broken invariant, or the error that stopped the check, located at the view.
        public var findings: [String]
        public var violations: Int
        /// The view could not be checked at all (its plugin, options or data failed).
        public var isError: Bool
    }

    /// Checks one view of a loaded workspace, as `run` checks each view: for a server that has
    /// the workspace open already (`workbench mcp`'s `check_view`).
    public func check(viewNamed name: String, of workspace: Workspace) -> ViewReport? {
        guard let view = workspace.view(named: name) else { return nil }
        let outcome = check(view, of: workspace)
        return ViewReport(findings: outcome.lines, violations: outcome.violations, isError: outcome.isError)
    }
}
