import ContractCheck
import LayoutChecker
import SourceDiagnostics
import WorkspaceModel

extension Engine {
    /// The layout contract of `view` (`workbench check`'s invariants, on 8 random rects, each
    /// prepare limited to a second): its violations, or why the layout refused the view.
    /// Runs the layout: call it in the contract-check lane (`LanguageHost`).
    package func contract(of view: ViewDefinition, in workspace: Workspace) -> Result<[Violation], Diagnostic> {
        var runner = ViewChecker(plugins: plugins, checker: ContractChecker(rectCount: 8))
        runner.timeout = 1
        return runner.contract(of: view, in: workspace).map { checked in checked.violations.map { $0.violation } }
    }
}
