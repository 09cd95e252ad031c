import Foundation
import JSON
import LayoutKit
import Sessions
import SourceDiagnostics
import WorkspaceModel

extension Engine {
    /// Makes `workspace` the open workspace `name` (opening it, or replacing its previous
    /// text). With `keepingViews`, a view that keeps its name, layout and source keeps its
    /// bounds, and one whose layout, options and data are all unchanged keeps its prepared
    /// session too (it is not prepared again); sources whose data did not change stay shared
    /// as they were (batch updates included).
    ///
    /// Views kept whose inputs changed keep their scroll anchor in place (`keepAnchors`).
    ///
    /// `failing` names views that stay listed but answer a located error (their source failed
    /// to load: a watched data file deleted, renamed away or broken); each keeps its previous
    /// definition and bounds, and works again once a reload loads its source.
    ///
    /// - Returns: the new entries, the ids of the views added, changed or removed, and the
    ///   scroll adjustments of the views kept that had an anchor.
    func replaceWorkspace(
        _ name: String, with workspace: Workspace, keepingViews: Bool, failing: [String: Diagnostic] = [:]
    ) -> (entries: [ViewEntry], changed: [String], adjustments: [String: Point]) {
        var workspace = workspace
        workspace.name = name
        if keepingViews { waitForEarlierViewWork() }  // the views' earlier requests (a new bounds) come first
        let old = keepingViews ? state.workspace(name)?.entries ?? [] : []
        let anchors = anchors(of: old)
        let oldByName = Dictionary(old.map { ($0.view.name, $0) }, uniquingKeysWith: { first, _ in first })
        var sources: [String: SharedSource] = [:]
        var keptSources: Set<String> = []
        for (sourceName, loaded) in workspace.sources {
            if let shared = old.first(where: { $0.view.source == sourceName })?.source,
                shared.data.hasSameContents(as: loaded.data)
            {
                shared.relocate(loaded)
                sources[sourceName] = shared
                keptSources.insert(sourceName)
            } else {
                sources[sourceName] = SharedSource(loaded)
            }
        }
        var changed: [String] = []
        var takeOvers: [(ViewEntry, ViewEntry)] = []
        var entries = workspace.views.map { view -> ViewEntry in
            let id = "\(name)/\(view.name)"
            guard let previous = oldByName[view.name], previous.view.layout == view.layout,
                previous.view.source == view.source
            else {
                changed.append(id)
                return ViewEntry(
                    id: id, view: view, workspace: workspace, source: sources[view.source], memoryRelease: memoryRelease
                )
            }
            let bounds = state.withLock { previous.bounds }
            let sameSizes =
                view.measuredSizes.map { $0.isSame(as: previous.view.measuredSizes) }
                ?? (previous.view.measuredSizes == nil)
            if keptSources.contains(view.source) && previous.view.options == view.options && sameSizes {
                let entry = ViewEntry(
                    id: id, view: view, workspace: workspace, source: sources[view.source],
                    memoryRelease: memoryRelease,
                    initialBounds: bounds)
                state.withLock { entry.prepared = previous.prepared }  // the session it takes over
                takeOvers.append((entry, previous))
                return entry
            }
            changed.append(id)
            return ViewEntry(
                id: id, view: view, workspace: workspace, source: sources[view.source], memoryRelease: memoryRelease,
                initialBounds: bounds)
        }
        for (viewName, failure) in failing.sorted(by: { $0.key < $1.key }) {
            guard let previous = oldByName[viewName] else { continue }
            let bounds = state.withLock { previous.bounds }
            if previous.failure != failure { changed.append(previous.id) }
            entries.append(
                ViewEntry(
                    id: previous.id, view: previous.view, workspace: workspace, source: nil,
                    memoryRelease: memoryRelease, initialBounds: bounds, failure: failure))
        }
        if !failing.isEmpty { entries.sort { $0.view.mark < $1.view.mark } }
        let kept = Set(entries.map(\.view.name))
        changed += old.filter { !kept.contains($0.view.name) }.map(\.id)
        for (entry, previous) in takeOvers { enqueueViewWork(entry.id) { entry.takeOver(previous) } }
        state.open(name, views: entries, document: workspace, keepsWatcher: keepingViews)
        return (entries, changed, keepAnchors(anchors, in: entries, changed: changed))
    }
}
