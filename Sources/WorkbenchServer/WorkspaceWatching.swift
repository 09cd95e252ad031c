import FileWatching
import Foundation
import JSONOutput
import JSONRPC
import SourceDiagnostics
import WorkspaceModel

extension Server {
    /// Watches `workspace`'s file and data files; an edit reloads it (on the control queue,
    /// in order with requests) as `change` does, and the client hears
    /// `workspace/didChange {workspace, views, contentOffsetAdjustments?, error?}` (the views kept
    /// that had a scroll anchor: how far each moved, by id).
    func watch(_ workspace: Workspace) throws(RPCError) {
        let name = workspace.name, path = workspace.file.path
        let watcher: FileWatcher
        do {
            watcher = try FileWatcher(paths: workspace.filePaths) { [weak self] _ in
                guard let server = self else { return }
                server.enqueueControl { server.reloadWatched(name, path: path) }
            }
        } catch {
            throw .internalError("cannot watch \(path): \(error)")
        }
        state.setWatcher(watcher, for: name)
    }

    /// Loads the watched workspace `name` again from `path`; an invalid file keeps the
    /// previous state served and is reported in the notification.
    func reloadWatched(_ name: String, path: String) {
        guard let current = state.workspace(name)?.document, current.file.path == path,
            let watcher = state.watcher(of: name)
        else { return }
        // Replaced first, then told: the notification describes what is now served.
        let reloaded = Result { () throws(Diagnostic) in
            let workspace = try loader.load(path: path)
            watcher.watch(workspace.filePaths)
            return replaceWorkspace(name, with: workspace, keepingViews: true)
        }
        notify(
            ClientNotification.workspaceDidChange.message { writer in
                writer.beginObject()
                switch reloaded {
                case .success(let (_, changed, adjustments)):
                    writer.key("contentOffsetAdjustments")
                    writer.beginObject()
                    for (id, adjustment) in adjustments.sorted(by: { $0.key < $1.key }) {
                        writer.key(id); writer.point(adjustment)
                    }
                    writer.endObject()
                    writer.key("views")
                    writer.beginArray()
                    for id in changed { writer.string(id) }
                    writer.endArray()
                case .failure(let error):
                    writer.key("error")
                    writer.beginObject()
                    writer.key("column")
                    if let column = error.mark?.column { writer.integer(column) } else { writer.null() }
                    writer.key("file"); writer.string(error.path)
                    writer.key("line")
                    if let line = error.mark?.line { writer.integer(line) } else { writer.null() }
                    writer.key("rendered"); writer.string(error.description)
                    writer.endObject()
                    writer.key("views")
                    writer.beginArray()
                    writer.endArray()
                }
                writer.key("workspace"); writer.string(name)
                writer.endObject()
            })
    }
}
