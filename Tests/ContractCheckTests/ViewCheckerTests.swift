import ContractCheck
import LayoutChecker
import LayoutKit
import SourceDiagnostics
import TestSupport
import Testing
import WorkspaceModel

/// The contract check on one view, as `check`, the language server and MCP's `check_view` run
/// it: the shipped layouts keep the contract, and a view that cannot be laid out is a located error.
struct ViewCheckerTests {
    static let workspace = """
        workspace: contract
        sources:
          alarms:
            generate: {sections: 1, items: 60, min: 40, max: 120, seed: 5}
          grid:
            generate: {sections: 6, items: 12}
        views:
          circles:
            layout: circles
            source: alarms
            viewport: {width: 375, height: 667}
          guide:
            layout: guide
            source: grid
            viewport: {width: 600, height: 300}
          missing:
            layout: no-such-layout
            source: grid
            viewport: {width: 600, height: 300}
        """

    static func checker() -> ViewChecker {
        ViewChecker(
            plugins: BuiltPlugins.inProcess,
            checker: ContractChecker(rectCount: 8))
    }

    @Test(arguments: ["circles", "guide"])
    func aShippedLayoutKeepsTheContract(view name: String) throws {
        let workspace = try WorkspaceLoader().load(text: Self.workspace, directory: "/")
        let view = try #require(workspace.view(named: name))
        let checked = try Self.checker().contract(of: view, in: workspace).get()
        #expect(checked.violations.isEmpty, "\(checked.violations.map(\.violation.description))")
        let size = try checked.session.contentSize()
        #expect(size.width > 0 && size.height > 0, "the checked session is prepared: \(size)")
    }

    @Test func aViewWhoseLayoutIsMissingIsAnErrorAtTheView() throws {
        let workspace = try WorkspaceLoader().load(text: Self.workspace, directory: "/")
        let view = try #require(workspace.view(named: "missing"))
        guard case .failure(let diagnostic) = Self.checker().contract(of: view, in: workspace) else {
            Issue.record("a view on a missing layout was checked")
            return
        }
        #expect(diagnostic.message.contains("no-such-layout"), "\(diagnostic.message)")
        // The view's `layout:` line in the text above (1-based).
        #expect(diagnostic.mark?.line == 17, "at \(String(describing: diagnostic.mark))")
    }
}
