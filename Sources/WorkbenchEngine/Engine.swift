import Dispatch
import FileWatching
import Foundation
import JSON
import JSONRPC
import PluginHost
import Synchronization
import WorkspaceModel

/// The layout engine: the protocol's requests in, their encoded results and notifications out.
///
/// A transport hands it checked requests (`handle`, as a `RequestHandler`): a
/// `MessageConnection` over a byte stream or a WebSocket (`EngineConnection`), or the
/// in-process `EngineClient`. Requests then pass, in arrival order, through the lanes
/// `RequestScheduler` declares: a control queue, which runs the workspace-wide methods itself
/// and hands view methods on to the view's serial queue — so a request always sees the
/// workspaces opened before it, one view's replies keep their order, and views work in
/// parallel; the documents queue for the language server; and immediate methods
/// (`$/cancelRequest`, `exit`), which act as soon as they are read.
public final class Engine: RequestHandler, Sendable {
    let plugins: PluginCatalog
    /// The longest one view's `prepare` may take, in seconds; nil for no limit.
    public let timeout: Double?
    /// What `open` may read; nil for any path.
    public let openablePaths: OpenablePaths?
    let loader: WorkspaceLoader
    let state = EngineState()
    /// The documents an editor has open (the language engine's side).
    let documents = DocumentStore()
    let memoryRelease: MemoryRelease
    let log: @Sendable (String) -> Void
    private let controlQueue = DispatchQueue(label: "workbench.control")
    /// All work not yet answered.
    let work = DispatchGroup()
    /// Work handed to view queues and not yet answered; `shutdown` waits for it.
    let viewWork = DispatchGroup()
    /// Takes every notification the engine sends (whole JSON-RPC messages).
    private let notifications: any MessageOutput
    private let exitFlag = Atomic(false)
    /// Watches the plugin folders between `start` and `stop`.
    private let pluginWatcher = Mutex<FileWatcher?>(nil)
    /// Folders opened with `watch: true`, followed for workspace files added and removed.
    let folderWatches = FolderWatches()
    /// The data files of the editor's open workspace documents, watched on disk, by document URI.
    let documentWatchers = Mutex<[String: FileWatcher]>([:])

    /// - Parameters:
    ///   - notifications: takes every notification the engine sends.
    ///   - timeout: the longest one view's `prepare` may take, in seconds; nil for no limit.
    ///   - openablePaths: what `open` may read; nil for any path.
    ///   - log: receives one line per problem worth telling the user (stderr, in `workbench serve`).
    ///   - releaseMemory: gives freed memory back to the system (in `workbench serve`, glibc's
    ///     `malloc_trim`); called a moment after a view is released or a prepare is cancelled or fails.
    public init(
        plugins: PluginCatalog, notifications: any MessageOutput, loader: WorkspaceLoader = WorkspaceLoader(),
        timeout: Double? = nil, openablePaths: OpenablePaths? = nil,
        releaseMemory: @escaping @Sendable () -> Void = {}, log: @escaping @Sendable (String) -> Void
    ) {
        self.plugins = plugins
        self.notifications = notifications
        self.timeout = timeout
        self.openablePaths = openablePaths
        self.loader = loader
        self.memoryRelease = MemoryRelease(releaseMemory)
        self.log = log
    }

    /// Set by the receiving thread when `exit` arrives; nothing more is received after it.
    public var exitRequested: Bool { exitFlag.load(ordering: .acquiring) }

    func requestExit() { exitFlag.store(true, ordering: .releasing) }

    /// Starts watching the plugin folders; call once, before the first message.
    public func start() {
        let watcher = watchPluginFolders()
        pluginWatcher.withLock { $0 = watcher }
    }

    /// Ends the connection — its workspaces are closed, their views released and their
    /// watchers stopped — and returns the exit status: 0 after `shutdown` then `exit`, or when
    /// the input ended; 1 for `exit` without `shutdown`.
    ///
    /// What was sent is answered, but within 2 s whatever the plugins do: the control queue
    /// gets a second to take in what came before the end (so `exit` cancels only work sent
    /// before it), then work still running is cancelled — at once after `exit` or when
    /// `abandoned` (nobody is left to read the answers: a closed page), after another second
    /// at the end of input.
    public func stop(abandoned: Bool = false) -> Int32 {
        pluginWatcher.withLock { $0.take() }?.stop()
        folderWatches.stopAll()
        for watcher in documentWatchers.withLock({ watchers in
            defer { watchers = [:] }
            return Array(watchers.values)
        }) {
            watcher.stop()
        }
        let drained = DispatchSemaphore(value: 0)
        controlQueue.async { drained.signal() }
        _ = drained.wait(timeout: .now() + 1)
        if exitRequested || abandoned { state.cancelAll() }
        settle(work)
        state.closeAll()
        return exitRequested ? (state.hasShutDown ? 0 : 1) : 0
    }

    /// The view a message is about (`params.view`): its reply keeps its order with the view's others.
    public func orderingKeys(of message: JSONValue) -> [String] {
        if case .string(let view)? = message["params"]?["view"] { [view] } else { [] }
    }

    /// The one route from a request to its method (`MethodTable`), by the method's handler:
    /// immediate methods act at once; document methods queue on the documents queue; a quick
    /// view method goes straight to its idle, prepared view (skipping the control queue when
    /// nothing waits there); everything else queues on the control queue in arrival order.
    public func handle(_ request: RPCRequest, reply: @escaping @Sendable (Result<[UInt8], RPCError>) -> Void) {
        let handler = MethodTable.handler(named: request.method)
        if case .immediate(let method)? = handler {
            return method.receive(Params(request.params), engine: self, reply: reply)
        }
        let pending = state.begin(request.id)
        switch handler {
        case .document(let method)?:
            runOnDocuments(method, Params(request.params), pending, finishing(request, reply))
        case .view(let method)? where !state.hasShutDown:
            if let entry = state.directRoute(to: request.params) {
                run(
                    method, on: entry, Params(request.params), pending, finishing(request, reply),
                    mayRunInline: method.isQuick)
            } else {
                enqueue(request, pending, reply)
            }
        default:
            enqueue(request, pending, reply)
        }
    }

    /// Queues the request on the control queue, behind everything received before it.
    private func enqueue(
        _ request: RPCRequest, _ pending: EngineState.Pending,
        _ reply: @escaping @Sendable (Result<[UInt8], RPCError>) -> Void
    ) {
        state.controlWillRun()
        work.enter()
        controlQueue.async { [self] in
            route(request, pending, reply)
            state.controlDidRun()
            work.leave()
        }
    }

    /// The reply that also ends the request's tracking.
    private func finishing(_ request: RPCRequest, _ reply: @escaping @Sendable (Result<[UInt8], RPCError>) -> Void)
        -> @Sendable (Result<[UInt8], RPCError>) -> Void
    {
        { [state] result in
            state.finish(request.id)
            reply(result)
        }
    }

    /// The one switch from a method's handler (`MethodTable`) to its queue; runs on the control queue.
    private func route(
        _ request: RPCRequest, _ pending: EngineState.Pending,
        _ reply: @escaping @Sendable (Result<[UInt8], RPCError>) -> Void
    ) {
        let params = Params(request.params)
        let finish = finishing(request, reply)
        if state.hasShutDown {
            return finish(.failure(.invalidRequest("the server has shut down; only 'exit' is accepted")))
        }
        // A cancelled view request is answered on its view's queue, in order behind that
        // view's earlier requests; only the control methods answer a cancellation here.
        if MethodTable.viewMethod(named: request.method) == nil, pending.isCancelled {
            return finish(.failure(.requestCancelled))
        }
        switch MethodTable.handler(named: request.method) {
        case .control(let method)?: onControl(method, params, finish)
        case .view(let method)?: onView(method, params, pending, finish)
        case .immediate?, .document?, nil: finish(.failure(.methodNotFound(request.method)))  // Never queued.
        }
    }

    private func onControl(
        _ method: any ControlMethod.Type, _ params: Params, _ reply: @Sendable (Result<[UInt8], RPCError>) -> Void
    ) {
        let progress = WorkDoneProgress(params: params.value, output: notifications)
        progress?.begin(title: method.name)
        let result = Result { () throws(RPCError) in try method.run(params, engine: self) }
        progress?.end()
        reply(result)
    }

    /// Hands the request to its view's queue.
    private func onView(
        _ method: any ViewMethod.Type, _ params: Params, _ pending: EngineState.Pending,
        _ reply: @escaping @Sendable (Result<[UInt8], RPCError>) -> Void
    ) {
        do throws(RPCError) {
            let id = try params.string("view")
            guard let entry = state.view(id) else {
                let open = state.openViewIDs
                throw .unknown(
                    "no open view '\(id)'"
                        + (open.isEmpty ? " (no workspace is open)" : "; open views: \(open.joined(separator: ", "))"))
            }
            run(method, on: entry, params, pending, reply, mayRunInline: false)
        } catch {
            reply(.failure(error))
        }
    }

    /// Runs a view request on the view's queue: inline on the calling thread when that may be
    /// (the reading thread, with a quick method) and the view is idle and prepared (a query
    /// costs microseconds; a thread hop would cost more), else asynchronously, in order behind
    /// the view's earlier requests.
    private func run(
        _ method: any ViewMethod.Type, on entry: ViewEntry, _ params: Params, _ pending: EngineState.Pending,
        _ reply: @escaping @Sendable (Result<[UInt8], RPCError>) -> Void, mayRunInline: Bool
    ) {
        let inline = state.withLock { () -> Bool in
            defer { entry.queued += 1 }
            return mayRunInline && entry.queued == 0 && entry.isPrepared
        }
        work.enter()
        viewWork.enter()
        let progress = WorkDoneProgress(params: params.value, output: notifications)
        let job: @Sendable () -> Void = { [self] in
            let result = Result { () throws(RPCError) -> [UInt8] in
                if pending.flag.isRaised { throw RPCError.requestCancelled }
                let session = try entry.session(plugins: plugins, timeout: timeout, log: log)
                progress?.begin(title: "\(method.name) \(entry.id)")
                session.progress = progress.map { progress in { progress.report($0) } }
                defer { session.progress = nil }
                return try session.withCancellation(pending.flag) { () throws(RPCError) in
                    try method.run(params, session: session)
                }
            }
            progress?.end()
            if case .failure(let error) = result,
                error.code == RPCError.requestCancelledCode || error.code == RPCError.layoutErrorCode
            {
                memoryRelease.soon()
            }
            let isPrepared = entry.sessionIsPrepared, bounds = entry.sessionBounds,
                prepared = entry.summaryOfNewPreparation()
            state.withLock {
                entry.queued -= 1
                entry.isPrepared = isPrepared
                if let prepared { entry.prepared = prepared }
                if let bounds { entry.bounds = bounds }
            }
            reply(result)
            viewWork.leave()
            work.leave()
        }
        if inline { entry.queue.sync(execute: job) } else { entry.queue.async(execute: job) }
    }

    /// Waits for `group`'s work to be answered: a second, then whatever still runs is cancelled
    /// and gets 0.7 s more, so a stuck plugin cannot hold up `shutdown` or the end.
    func settle(_ group: DispatchGroup) {
        if group.wait(timeout: .now() + 1) == .timedOut {
            state.cancelAll()
            _ = group.wait(timeout: .now() + 0.7)
        }
    }

    /// Runs `body` on the control queue, in order with the requests (a watched file changed).
    func enqueueControl(_ body: @escaping @Sendable () -> Void) {
        work.enter()
        controlQueue.async { [self] in
            body()
            work.leave()
        }
    }

    /// Sends a notification to the client.
    func notify(_ message: [UInt8]) {
        notifications.send(message)
    }

}
