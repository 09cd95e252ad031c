import EngineProtocol
import FileWatching
import Foundation
import JSON
import JSONOutput
import JSONRPC
import SourceDiagnostics
import Synchronization
import WorkspaceModel

/// Folders opened with `open {path: FOLDER, watch: true}`: a workspace file added to one is
/// opened (and watched), one removed or renamed away is closed, and the client hears
/// `workspace/didChange {workspace, views}` with the views added or removed.
final class FolderWatches: Sendable {
    /// A watched folder: its watcher, and the workspace open from each of its files, by path.
    struct Folder {
        var watcher: FileWatcher
        var workspaces: [String: String]
        /// Workspace files that failed to load: tried again when written.
        var unopened: Set<String> = []
    }

    let folders = Mutex<[String: Folder]>([:])

    /// Whether `file` is a workspace file opened from a watched folder (whose watcher then
    /// tells its removal).
    func contains(file: String) -> Bool {
        folders.withLock { $0.values.contains { $0.workspaces[file] != nil } }
    }

    /// Stops every folder's watcher (the connection ended).
    func stopAll() {
        let watchers = folders.withLock { folders in
            defer { folders = [:] }
            return folders.values.map(\.watcher)
        }
        for watcher in watchers { watcher.stop() }
    }
}

extension Engine {
    /// The workspace files of `folder`: `*.yaml` and `*.yml`, not in subfolders, by name.
    static func workspaceFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter(Self.isWorkspaceFileName).sorted().map { folder + "/" + $0 }
    }

    static func isWorkspaceFileName(_ name: String) -> Bool {
        !name.hasPrefix(".") && (name.hasSuffix(".yaml") || name.hasSuffix(".yml"))
    }

    /// Opens every workspace file of `folder` (each watched when `watch`), and with `watch`
    /// follows files added to and removed from it.
    ///
    /// - Returns: `{errors: [{column, file, line, rendered}], folder, workspaces: [open's result…]}`.
    func openFolder(_ folder: String, watch: Bool) throws(RPCError) -> OpenedFolder {
        let folder = URL(fileURLWithPath: folder).standardizedFileURL.path
        var opened: [String: String] = [:], unopened: Set<String> = []
        var errors: [LocatedError] = []
        var results: [OpenedWorkspace] = []
        for file in Self.workspaceFiles(in: folder) {
            do {
                let workspace = try loader.load(path: file)
                let entries = replaceWorkspace(workspace.name, with: workspace, keepingViews: false).entries
                if watch { try self.watch(workspace) }
                opened[file] = workspace.name
                results.append(OpenedWorkspace(workspace.name, entries))
            } catch let error as Diagnostic {
                unopened.insert(file)
                errors.append(LocatedError(error))
            } catch {
                throw .internalError("\(error)")
            }
        }
        if watch {
            let watcher: FileWatcher
            do {
                watcher = try FileWatcher(folders: [folder], accepting: Self.isWorkspaceFileName) {
                    [weak self] changed in
                    guard let engine = self else { return }
                    engine.enqueueControl { engine.rescanFolder(folder, changed: changed) }
                }
            } catch {
                throw .internalError("cannot watch \(folder): \(error)")
            }
            let replaced = folderWatches.folders.withLock { folders in
                defer {
                    folders[folder] = FolderWatches.Folder(watcher: watcher, workspaces: opened, unopened: unopened)
                }
                return folders[folder]?.watcher
            }
            replaced?.stop()
        }
        return OpenedFolder(folder: folder, workspaces: results, errors: errors)
    }

    /// Opens the workspace files added to a watched folder (or written, after failing to load)
    /// and closes those gone from it.
    ///
    /// - Parameter changed: the paths the watcher reported (the folder's own: look at everything).
    func rescanFolder(_ folder: String, changed: [String]) {
        guard let (known, failed) = folderWatches.folders.withLock({ $0[folder].map { ($0.workspaces, $0.unopened) } })
        else { return }
        let present = Set(Self.workspaceFiles(in: folder))
        var workspaces = known, unopened = failed.intersection(present)
        let written = Set(changed.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        for (file, name) in known.sorted(by: { $0.key < $1.key }) where !present.contains(file) {
            workspaces[file] = nil
            let ids = state.workspace(name)?.entries.map(\.id) ?? []
            guard state.close(name) else { continue }
            memoryRelease.soon()
            notifyFolderChange(workspace: name, views: ids, error: nil, isClosed: true)
        }
        for file in present.sorted() where known[file] == nil && (!failed.contains(file) || written.contains(file)) {
            do throws(Diagnostic) {
                let workspace = try loader.load(path: file)
                let entries = replaceWorkspace(workspace.name, with: workspace, keepingViews: false).entries
                try? watch(workspace)
                workspaces[file] = workspace.name
                unopened.remove(file)
                notifyFolderChange(workspace: workspace.name, views: entries.map(\.id), error: nil, opened: entries)
            } catch {
                // Not (yet) a valid workspace: told, and tried again when it is written.
                unopened.insert(file)
                let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
                notifyFolderChange(workspace: name, views: [], error: error)
            }
        }
        folderWatches.folders.withLock {
            $0[folder]?.workspaces = workspaces
            $0[folder]?.unopened = unopened
        }
    }

    /// `workspace/didChange {workspace, views, error?, opened?, closed?}`: `opened` (as `open`
    /// answers) for a workspace the folder gained, `closed: true` for one it lost.
    private func notifyFolderChange(
        workspace: String, views: [String], error: Diagnostic?, opened: [ViewEntry]? = nil, isClosed: Bool = false
    ) {
        notify(
            WorkspaceDidChangeNotification(
                workspace: workspace, views: views, error: error.map(LocatedError.init),
                opened: opened.map { OpenedWorkspace(workspace, $0) }, isClosed: isClosed))
    }
}
