import FileWatching
import Foundation
import JSON
import JSONRPC
import PluginHost
import WorkspaceModel

/// The server's shared state, behind one lock: open workspaces and views, requests in flight,
/// and the lifecycle.
final class ServerState: @unchecked Sendable {  // Unchecked: every field is read and written under `lock`.
    /// A request that may still be cancelled.
    final class Pending: @unchecked Sendable {  // Unchecked: its fields are only touched under the state's lock.
        var isCancelled = false
        /// Raised when the request is cancelled; the plugin work it runs polls it.
        let flag = CancelFlag()
    }

    private let lock = NSLock()
    private var workspaces: [String: [ViewEntry]] = [:]
    /// Each open workspace as last loaded (its text, folder, sources), and its watcher if watched.
    private var documents: [String: Workspace] = [:]
    private var watchers: [String: FileWatcher] = [:]
    private var views: [String: ViewEntry] = [:]
    private var pending: [RequestID: Pending] = [:]
    private(set) var hasShutDown = false
    /// Requests on the control queue not yet done (or handed on).
    private var controlInFlight = 0

    func withLock<T>(_ body: () throws -> T) rethrows -> T { try lock.withLock(body) }

    /// Opens (or reopens, replacing) a workspace's views. A reopened workspace's watcher stops
    /// unless `keepsWatcher` (a watched workspace reloaded after an edit).
    func open(_ name: String, views entries: [ViewEntry], document: Workspace? = nil, keepsWatcher: Bool = false) {
        let stopped: FileWatcher? = withLock {
            for old in workspaces[name] ?? [] { views[old.id] = nil }
            workspaces[name] = entries
            for entry in entries { views[entry.id] = entry }
            documents[name] = document
            return keepsWatcher ? nil : watchers.removeValue(forKey: name)
        }
        stopped?.stop()
    }

    /// The views and the loaded workspace of the open workspace `name`.
    func workspace(_ name: String) -> (entries: [ViewEntry], document: Workspace?)? {
        withLock { workspaces[name].map { ($0, documents[name]) } }
    }

    /// Watches workspace `name`'s files with `watcher` (replacing any earlier one).
    func setWatcher(_ watcher: FileWatcher, for name: String) {
        let previous = withLock {
            defer { watchers[name] = watcher }
            return watchers[name]
        }
        previous?.stop()
    }

    func watcher(of name: String) -> FileWatcher? { withLock { watchers[name] } }

    /// Every open workspace as last loaded, by name.
    var documentsByName: [String: Workspace] { withLock { documents } }

    /// Closes a workspace; false if none of that name is open.
    func close(_ name: String) -> Bool {
        let (closed, watcher) = withLock { () -> (Bool, FileWatcher?) in
            guard let entries = workspaces.removeValue(forKey: name) else { return (false, nil) }
            for entry in entries { views[entry.id] = nil }
            documents[name] = nil
            return (true, watchers.removeValue(forKey: name))
        }
        watcher?.stop()
        return closed
    }

    /// Closes every workspace (the connection ended): their views go, their watchers stop.
    func closeAll() {
        for name in withLock({ Array(workspaces.keys) }) { _ = close(name) }
    }

    func view(_ id: String) -> ViewEntry? { withLock { views[id] } }

    /// The open views laid out by any of the plugins `names`, marked as needing a prepare.
    func entries(usingAny names: Set<String>) -> [ViewEntry] {
        withLock {
            let entries = views.values.filter { names.contains($0.view.layout) }
            for entry in entries { entry.isPrepared = false }
            return entries
        }
    }

    var openViewIDs: [String] { withLock { views.keys.sorted() } }

    func markShutDown() { withLock { hasShutDown = true } }

    func controlWillRun() { withLock { controlInFlight += 1 } }
    func controlDidRun() { withLock { controlInFlight -= 1 } }

    /// The open view named by `params.view`, if a view request may go straight to it: no
    /// earlier request is still on the control queue (an `open` it may depend on).
    func directRoute(to params: JSONValue) -> ViewEntry? {
        guard case .string(let id)? = params["view"] else { return nil }
        return withLock { controlInFlight == 0 ? views[id] : nil }
    }

    /// Tracks a request until `finish`.
    func begin(_ id: RequestID?) -> Pending {
        let request = Pending()
        if let id { withLock { pending[id] = request } }
        return request
    }

    func finish(_ id: RequestID?) {
        if let id { _ = withLock { pending.removeValue(forKey: id) } }
    }

    /// Marks a request cancelled and stops its prepare if one runs; false if it is not in flight.
    @discardableResult
    func cancel(_ id: RequestID) -> Bool {
        withLock {
            guard let request = pending[id] else { return false }
            request.isCancelled = true
            request.flag.raise()
            return true
        }
    }

    /// Cancels everything in flight (at exit).
    func cancelAll() {
        withLock {
            for request in pending.values {
                request.isCancelled = true
                request.flag.raise()
            }
        }
    }
}
