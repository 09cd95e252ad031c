import Dispatch
import JSON
import JSONRPC
import LayoutKit
import PluginHost
import Sessions
import SourceDiagnostics
import WorkspaceModel

/// An open view: its definition and its session, made on first use. The session is touched
/// only by the view's work (`EngineWork.view`: one at a time, in order; views in parallel).
/// run in parallel), and its session, made on first use.
final class ViewEntry: @unchecked Sendable {
    // Unchecked: `session` is only touched by the view's work, one at a time (`EngineWork.view`);
    // `isPrepared`, `bounds` and `prepared` under the engine state's lock.
    let id: String
    let view: ViewDefinition
    let workspace: Workspace
    /// The view's data, shared with the workspace's other views bound to the same source.
    let source: SharedSource?
    private var session: ViewSession? {
        didSet { summarizedPreparations = -1 }
    }
    /// Whether the session exists and needs no prepare: quick requests may then run inline.
    var isPrepared = false
    /// The session's bounds after its last request (nil before the first).
    var bounds: Rect?
    /// What the last prepare made, in words ("content size 375 × 1200, 40 elements"), for a
    /// hover; nil before the first.
    var prepared: String?
    /// The session's `preparations` when `summaryOfNewPreparation` last summed it up. Touched
    /// by the view's work only.
    private var summarizedPreparations = -1
    /// The bounds a new session starts with, when not the viewport's (carried over by `change`,
    /// or by a plugin reload). Touched by the view's work only, after `init`.
    private var initialBounds: Rect?
    /// The preferred sizes a new session starts with (carried over by a plugin reload).
    private var initialPreferredSizes: [ElementID: Size] = [:]

    private let memoryRelease: MemoryRelease
    /// The located error every request on the view answers while its source cannot be loaded
    /// (a watched data file deleted or renamed away, or broken); nil for a working view.
    let failure: Diagnostic?

    /// - Parameters:
    ///   - initialBounds: the session's first bounds, when not the viewport's.
    ///   - failure: the error the view answers with instead of a layout.
    init(
        id: String, view: ViewDefinition, workspace: Workspace, source: SharedSource?, memoryRelease: MemoryRelease,
        initialBounds: Rect? = nil, failure: Diagnostic? = nil
    ) {
        self.failure = failure
        self.id = id
        self.view = view
        self.workspace = workspace
        self.source = source
        self.memoryRelease = memoryRelease
        self.initialBounds = initialBounds
        bounds = initialBounds
    }

    /// Takes over the session of `old` (an entry of the same view, same layout, options and
    /// data, in the workspace's previous text), so the view is not prepared again. Run as the
    /// view's work: after `old`'s requests and before this entry's.
    func takeOver(_ old: ViewEntry) {
        session = old.session
        old.session = nil
        session?.adopt(view: view, in: workspace)
    }

    /// The view's plugin was reloaded (or removed): the session goes (run as the view's work,
    /// after the requests already queued), and the next request makes one with the new build and
    /// prepares it at the bounds, and with the preferred sizes, the view had.
    func pluginDidChange() {
        guard let old = session else { return }
        initialBounds = old.bounds
        initialPreferredSizes = old.preferredSizes
        session = nil
    }

    /// The session's bounds, if it exists. Call from the view's work only.
    var sessionBounds: Rect? { session?.bounds }

    /// The session, if it was made. Call from the view's work only.
    var sessionIfMade: ViewSession? { session }

    /// The view is gone (its workspace closed or replaced) and its session with it: give the
    /// memory its caches held back.
    deinit {
        memoryRelease.soon()
    }

    /// The prepared session's content size and element count, in words, when it prepared
    /// since the last call (asking costs plugin calls: a round trip each to a plugin process);
    /// nil if it did not, or is not prepared. Call from the view's work only.
    func summaryOfNewPreparation() -> String? {
        guard let session, !session.needsPrepare, session.preparations != summarizedPreparations,
            let size = try? session.contentSize()
        else { return nil }
        summarizedPreparations = session.preparations
        let count = (try? session.numberOfElements()).flatMap { $0 }
        return "content size \(size.width.compactDescription) × \(size.height.compactDescription), "
            + (count.map { "\($0) elements" } ?? "elements made on demand")
    }

    /// Whether the session is ready to answer without preparing. Call from the view's work only.
    var sessionIsPrepared: Bool { session.map { !$0.needsPrepare } ?? false }

    /// The view's session, made with its plugin on first use. Call from the view's work only.
    func session(plugins: PluginCatalog, timeout: Double?, log: @escaping @Sendable (String) -> Void) throws(RPCError)
        -> ViewSession
    {
        if let session { return session }
        if let failure { throw RPCError(ViewSessionError(.workspace, failure)) }
        do {
            let made = try ViewSession(
                view: view, in: workspace, plugins: plugins, sharedSource: source, bounds: initialBounds)
            made.warn = log
            made.timeout = timeout
            made.restorePreferredSizes(initialPreferredSizes)
            session = made
            return made
        } catch {
            throw RPCError(error)
        }
    }
}

extension RPCError {
    /// A located workbench error as a JSON-RPC error, its place in `data`.
    init(_ error: ViewSessionError) {
        let code: Int
        switch error.kind {
        case .workspace: code = RPCError.workspaceErrorCode
        case .plugin: code = RPCError.pluginErrorCode
        case .layout: code = RPCError.layoutErrorCode
        case .cancelled: code = RPCError.requestCancelledCode
        }
        let diagnostic = error.diagnostic
        var data: [(key: String, value: JSONValue)] = [("file", .string(diagnostic.path))]
        if let mark = diagnostic.mark {
            data += [("line", .number(Double(mark.line))), ("column", .number(Double(mark.column)))]
        }
        data.append(("rendered", .string(diagnostic.description)))
        for (key, value) in error.details.sorted(by: { $0.key < $1.key }) { data.append((key, .string(value))) }
        self.init(
            code: code, message: error.kind == .cancelled ? "request cancelled" : diagnostic.message,
            data: .object(data))
    }
}
