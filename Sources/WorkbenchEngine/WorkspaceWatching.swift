import EngineProtocol
import FileWatching
import Foundation
import JSON
import JSONRPC
import SourceDiagnostics
import WorkspaceModel

extension Engine {
    /// Watches `workspace`'s file and data files; an edit reloads it (as control work,
    /// in order with requests) as `change` does, and the client hears
    /// `workspace/didChange {workspace, views, contentOffsetAdjustments?, error?}` (the views kept
    /// that had a scroll anchor: how far each moved, by id).
    func watch(_ workspace: Workspace) throws(RPCError) {
        let name = workspace.name, path = workspace.file.path
        let watcher: FileWatcher
        do {
            watcher = try FileWatcher(paths: workspace.filePaths) { [weak self] _ in
                guard let engine = self else { return }
                engine.enqueueControl { engine.reloadWatched(name, path: path) }
            }
        } catch {
            throw .internalError("cannot watch \(path): \(error)")
        }
        state.setWatcher(watcher, for: name)
    }

    /// Loads the watched workspace `name` again from `path`; an invalid file keeps the
    /// previous state served and is reported in the notification. A source that cannot be
    /// loaded (its data file deleted, renamed away or broken) fails only the views on it: they
    /// answer its located error until the file comes back (it stays watched), and the
    /// notification carries the error beside the views it changed.
    func reloadWatched(_ name: String, path: String) {
        guard let current = state.workspace(name)?.document, current.file.path == path,
            let watcher = state.watcher(of: name)
        else { return }
        // A workspace file gone from a watched folder is closed by the folder's rescan.
        let file = URL(fileURLWithPath: path).standardizedFileURL.path
        if !FileManager.default.fileExists(atPath: file), folderWatches.contains(file: file) { return }
        var sourceError: Diagnostic?
        // Replaced first, then told: the notification describes what is now served.
        let reloaded = Result { () throws(Diagnostic) in
            let partial = try loader.loadPartially(path: path)
            var failing: [String: Diagnostic] = [:], missing: [String] = []
            for problem in partial.problems {
                guard case .source(let source) = problem.part else { throw problem.diagnostic }
                sourceError = sourceError ?? problem.diagnostic
                if let file = problem.dataFile {
                    missing.append(
                        URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: partial.workspace.directory + "/"))
                            .path)
                }
                for view in partial.viewsOnFailedSources where view.source == source {
                    failing[view.name] = partial.workspace.file.error(
                        "view '\(view.name)': its source '\(source)' cannot be loaded: \(problem.diagnostic.message)",
                        at: view.mark)
                }
            }
            watcher.watch(partial.workspace.filePaths + missing)
            return replaceWorkspace(name, with: partial.workspace, keepingViews: true, failing: failing)
        }
        switch reloaded {
        case .success(let (_, changed, adjustments)):
            notify(
                WorkspaceDidChangeNotification(
                    workspace: name, views: changed, error: sourceError.map(LocatedError.init),
                    contentOffsetAdjustments: adjustments))
        case .failure(let error):
            notify(WorkspaceDidChangeNotification(workspace: name, views: [], error: LocatedError(error)))
        }
    }
}
