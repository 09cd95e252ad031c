import LayoutChecker
import LayoutKit
import PluginHost
import Sessions
import WorkspaceModel

extension ViewChecker {
    /// Layout-to-layout transitions from the view's layout to every other layout its workspace
    /// names (the layouts an app puts side by side), with the options of the first view that
    /// names it (a compositional layout has no default description), where it can show the
    /// source (its fresh layout prepares with the data): each answer judged against fresh layouts
    /// of both sides (`ContractChecker.checkTransition`). A layout that cannot show the source is
    /// skipped, not reported. Plugins the workspace does not name are never run: a guest that
    /// hangs would cost every view its timeout.
    func checkTransitions(of view: ViewDefinition, in workspace: Workspace, data: DataSet) -> [Violation] {
        var violations: [Violation] = []
        // Judged on fresh layouts, as the other invariants are: without the sizes an app measured.
        var view = view
        view.measuredSizes = nil
        let targets = Set(workspace.views.map(\.layout)).subtracting([view.layout])
        for name in targets.sorted() where plugins.registry.plugins[name] != nil {
            guard let session = try? ViewSession(view: view, in: workspace, plugins: plugins) else { continue }
            session.timeout = timeout
            let options = workspace.views.first { $0.layout == name }?.options ?? [:]
            guard (try? session.prepareIfNeeded()) != nil,
                let result = try? session.transition(to: name, options: options)
            else { continue }
            var target = view
            target.layout = name
            target.options = options
            let newBounds = Rect(origin: result.contentOffset, size: view.bounds.size)
            let answer = LayoutTransitionAnswer(
                appearing: result.changes.appearing.map(\.after),
                disappearing: result.changes.disappearing.map(\.before), moving: result.changes.moving)
            do throws(LayoutError) {
                let old = try makeLayout(view, try? plugins.backend(named: view.layout), data, view.direction)()
                try old.prepare(LayoutContext(dataSource: data.source, bounds: view.bounds))
                let new = try makeLayout(target, try? plugins.backend(named: name), data, view.direction)()
                try new.prepare(LayoutContext(dataSource: data.source, bounds: newBounds))
                violations += checker.checkTransition(
                    from: old, bounds: view.bounds, to: new, bounds: newBounds, answer: answer,
                    label: "transition to '\(name)'")
            } catch {
                violations.append(
                    Violation(.transitions, nil, "transition to '\(name)': a fresh layout fails: \(error.description)"))
            }
        }
        return violations
    }
}
