import FileWatching
import Foundation
import JSON
import JSONRPC
import PluginHost
import Synchronization
import WorkspaceModel

/// The engine's shared state, behind one lock: open workspaces and views, requests in flight,
/// and the lifecycle. The lock also guards the fields of `ViewEntry` it names.
final class EngineState: Sendable {
    /// A request that may still be cancelled.
    final class Pending: Sendable {
        private let cancelled = Atomic(false)
        /// Raised when the request is cancelled; the plugin work it runs polls it.
        let flag = CancelFlag()

        var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

        fileprivate func cancel() {
            cancelled.store(true, ordering: .releasing)
            flag.raise()
        }
    }

    private let state = Mutex(State())

    private struct State {
        var workspaces: [String: [ViewEntry]] = [:]
        /// Each open workspace as last loaded (its text, folder, sources), and its watcher if watched.
        var documents: [String: Workspace] = [:]
        var watchers: [String: FileWatcher] = [:]
        var views: [String: ViewEntry] = [:]
        var pending: [RequestID: Pending] = [:]
        var hasShutDown = false
    }

    /// Runs `body` with the lock held (for the `ViewEntry` fields it guards).
    func withLock<T: Sendable>(_ body: () -> T) -> T { state.withLock { _ in body() } }

    var hasShutDown: Bool { state.withLock { $0.hasShutDown } }

    /// Opens (or reopens, replacing) a workspace's views. A reopened workspace's watcher stops
    /// unless `keepsWatcher` (a watched workspace reloaded after an edit).
    func open(_ name: String, views entries: [ViewEntry], document: Workspace? = nil, keepsWatcher: Bool = false) {
        let stopped: FileWatcher? = state.withLock { state in
            for old in state.workspaces[name] ?? [] { state.views[old.id] = nil }
            state.workspaces[name] = entries
            for entry in entries { state.views[entry.id] = entry }
            state.documents[name] = document
            return keepsWatcher ? nil : state.watchers.removeValue(forKey: name)
        }
        stopped?.stop()
    }

    /// The views and the loaded workspace of the open workspace `name`.
    func workspace(_ name: String) -> (entries: [ViewEntry], document: Workspace?)? {
        state.withLock { state in state.workspaces[name].map { ($0, state.documents[name]) } }
    }

    /// Watches workspace `name`'s files with `watcher` (replacing any earlier one).
    func setWatcher(_ watcher: FileWatcher, for name: String) {
        let previous = state.withLock { state in
            defer { state.watchers[name] = watcher }
            return state.watchers[name]
        }
        previous?.stop()
    }

    func watcher(of name: String) -> FileWatcher? { state.withLock { $0.watchers[name] } }

    /// Every open workspace as last loaded, by name.
    var documentsByName: [String: Workspace] { state.withLock { $0.documents } }

    /// Closes a workspace; false if none of that name is open.
    func close(_ name: String) -> Bool {
        let (closed, watcher) = state.withLock { state -> (Bool, FileWatcher?) in
            guard let entries = state.workspaces.removeValue(forKey: name) else { return (false, nil) }
            for entry in entries { state.views[entry.id] = nil }
            state.documents[name] = nil
            return (true, state.watchers.removeValue(forKey: name))
        }
        watcher?.stop()
        return closed
    }

    /// Closes every workspace (the connection ended): their views go, their watchers stop.
    func closeAll() {
        for name in state.withLock({ Array($0.workspaces.keys) }) { _ = close(name) }
    }

    func view(_ id: String) -> ViewEntry? { state.withLock { $0.views[id] } }

    /// The open views laid out by any of the plugins `names`, marked as needing a prepare.
    func entries(usingAny names: Set<String>) -> [ViewEntry] {
        state.withLock { state in
            let entries = state.views.values.filter { names.contains($0.view.layout) }
            for entry in entries { entry.isPrepared = false }
            return entries
        }
    }

    var openViewIDs: [String] { state.withLock { $0.views.keys.sorted() } }

    func markShutDown() { state.withLock { $0.hasShutDown = true } }

    /// Tracks a request until `finish`.
    func begin(_ id: RequestID?) -> Pending {
        let request = Pending()
        if let id { state.withLock { $0.pending[id] = request } }
        return request
    }

    func finish(_ id: RequestID?) {
        if let id { _ = state.withLock { $0.pending.removeValue(forKey: id) } }
    }

    /// Marks a request cancelled and stops its prepare if one runs; false if it is not in flight.
    @discardableResult
    func cancel(_ id: RequestID) -> Bool {
        state.withLock { state in
            guard let request = state.pending[id] else { return false }
            request.cancel()
            return true
        }
    }

    /// Cancels everything in flight (at exit).
    func cancelAll() {
        state.withLock { state in
            for request in state.pending.values { request.cancel() }
        }
    }
}
