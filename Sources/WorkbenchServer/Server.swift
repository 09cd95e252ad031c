import Dispatch
import FileWatching
import Foundation
import JSON
import JSONRPC
import PluginHost
import Synchronization
import WorkspaceModel

/// The layout protocol's server: JSON-RPC 2.0 messages in, replies and notifications out.
///
/// A transport feeds it whole messages in arrival order (`receive`) from one thread at a time
/// and takes what it sends through a `MessageOutput`: `serve(input:output:)` reads a byte stream
/// (`workbench serve` on stdio); other transports (a WebSocket) call `start`, `receive` and
/// `stop` themselves. Requests then pass, in arrival order, through a
/// control queue, which runs the workspace-wide methods itself and hands view methods on to
/// the view's serial queue — so a request always sees the workspaces opened before it, one
/// view's replies keep their order, and views work in parallel. When nothing is waiting on the
/// control queue a view request skips it, and runs inline on the reading thread if its view
/// is idle and prepared (a query costs microseconds; a thread hop would cost more).
/// `$/cancelRequest` and `exit` act as soon as they are read. Replies are written whole.
public final class Server: Sendable {
    let plugins: PluginCatalog
    /// The longest one view's `prepare` may take, in seconds; nil for no limit.
    public let timeout: Double?
    /// What `open` may read; nil for any path.
    public let openablePaths: OpenablePaths?
    let loader: WorkspaceLoader
    let state = ServerState()
    /// The documents an editor has open (the language server's side).
    let documents = DocumentStore()
    let memoryRelease: MemoryRelease
    let log: @Sendable (String) -> Void
    private let controlQueue = DispatchQueue(label: "workbench.control")
    /// All work not yet answered.
    let work = DispatchGroup()
    /// Work handed to view queues and not yet answered; `shutdown` waits for it.
    let viewWork = DispatchGroup()
    private let output: any MessageOutput
    /// Writes replies that concern a view in that view's request order, across batches.
    private let replyOrder: ReplyOrder
    private let exitFlag = Atomic(false)
    /// Requests received and not yet answered.
    private let unanswered = Atomic(0)
    /// Watches the plugin folders between `start` and `stop`.
    private let pluginWatcher = Mutex<FileWatcher?>(nil)
    /// Folders opened with `watch: true`, followed for workspace files added and removed.
    let folderWatches = FolderWatches()
    /// The data files of the editor's open workspace documents, watched on disk, by document URI.
    let documentWatchers = Mutex<[String: FileWatcher]>([:])

    /// - Parameters:
    ///   - output: takes every message the server sends.
    ///   - timeout: the longest one view's `prepare` may take, in seconds; nil for no limit.
    ///   - openablePaths: what `open` may read; nil for any path.
    ///   - log: receives one line per problem worth telling the user (stderr, in `workbench serve`).
    ///   - releaseMemory: gives freed memory back to the system (in `workbench serve`, glibc's
    ///     `malloc_trim`); called a moment after a view is released or a prepare is cancelled or fails.
    public init(
        plugins: PluginCatalog, output: any MessageOutput, loader: WorkspaceLoader = WorkspaceLoader(),
        timeout: Double? = nil, openablePaths: OpenablePaths? = nil,
        releaseMemory: @escaping @Sendable () -> Void = {}, log: @escaping @Sendable (String) -> Void
    ) {
        self.plugins = plugins
        self.output = output
        self.timeout = timeout
        self.openablePaths = openablePaths
        self.replyOrder = ReplyOrder(output: output)
        self.loader = loader
        self.memoryRelease = MemoryRelease(releaseMemory)
        self.log = log
    }

    /// Set by the receiving thread when `exit` arrives; nothing more is received after it.
    public var exitRequested: Bool { exitFlag.load(ordering: .acquiring) }

    func requestExit() { exitFlag.store(true, ordering: .releasing) }

    /// How many requests (with an id) were received and are not yet answered: a transport that
    /// does not block on its writes (the preview's WebSocket) stops reading while it is high.
    public var requestsInProgress: Int { unanswered.load(ordering: .relaxed) }

    /// Starts watching the plugin folders; call once, before the first message.
    public func start() {
        let watcher = watchPluginFolders()
        pluginWatcher.withLock { $0 = watcher }
    }

    /// Handles one whole message (a request, a notification or a batch) from the client.
    /// Call from one thread at a time, in arrival order, and not after `exitRequested`.
    public func receive(_ message: [UInt8]) {
        handle(.message(message))
    }

    /// Answers input that could not be read as a message (a framing error) with a parse error.
    public func receiveMalformed(_ reason: String) {
        handle(.malformed(reason))
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

    private func handle(_ event: MessageFramer.Event) {
        switch event {
        case .malformed(let reason):
            log("workbench serve: skipped malformed input: \(reason)")
            output.send(Response.error(id: nil, .parseError(reason)))
        case .message(let bytes):
            let message: JSONValue, idTokens: [Int: String]
            do {
                (message, idTokens) = try JSONParser.parseMessage(bytes[...])
            } catch {
                output.send(Response.error(id: nil, .parseError(error.description)))
                return
            }
            if case .array(let batch) = message {
                handleBatch(batch, idTokens: idTokens)
            } else {
                let ticket = replyOrder.ticket(views: Self.views(of: message), isBatch: false)
                handleSingle(message, idToken: idTokens[0]) { [replyOrder] in replyOrder.write(ticket, $0) }
            }
        }
    }

    /// Handles one request or notification; `reply` gets its answer as message parts.
    private func handleSingle(_ message: JSONValue, idToken: String?, reply: @escaping @Sendable ([[UInt8]]) -> Void) {
        switch RPCRequest.from(message, idToken: idToken) {
        case .failure(let invalid):
            if !invalid.isNotification { reply([Response.error(id: invalid.id, invalid.error)]) }
        case .success(let request):
            if request.id != nil { unanswered.add(1, ordering: .relaxed) }
            dispatch(request) { [self] result in
                guard let id = request.id else { return }
                defer { unanswered.subtract(1, ordering: .relaxed) }
                switch result {
                case .success(let bytes): reply(Response.resultParts(id: id, bytes))
                case .failure(let error): reply([Response.error(id: id, error)])
                }
            }
        }
    }

    /// Answers a batch with one array, written by whichever request of it finishes last, on
    /// that request's own queue: so the array goes out before anything that request comes
    /// before — a later `shutdown` (which waits for the view work before it) or the control
    /// queue's next request — just as a single request's reply would. Replies about the
    /// batch's views that come after it wait for the array (`ReplyOrder`).
    private func handleBatch(_ batch: [JSONValue], idTokens: [Int: String]) {
        guard !batch.isEmpty else {
            output.send(Response.error(id: nil, .invalidRequest("an empty batch")))
            return
        }
        let expected = batch.count { Self.expectsReply($0) }
        let replies = BatchReplies(expecting: expected)
        let ticket = expected > 0 ? replyOrder.ticket(views: Array(Set(batch.flatMap(Self.views))), isBatch: true) : nil
        for (index, message) in batch.enumerated() {
            guard Self.expectsReply(message) else {
                handleSingle(message, idToken: nil) { _ in }
                continue
            }
            handleSingle(message, idToken: idTokens[index]) { [replyOrder] parts in
                if let answer = replies.set(index, Array(parts.joined())) { replyOrder.write(ticket, [answer]) }
            }
        }
    }

    /// The view a message is about (`params.view`), if any.
    private static func views(of message: JSONValue) -> [String] {
        if case .string(let view)? = message["params"]?["view"] { [view] } else { [] }
    }

    private static func expectsReply(_ message: JSONValue) -> Bool {
        switch RPCRequest.from(message) {
        case .failure(let invalid): return !invalid.isNotification
        case .success(let request): return request.id != nil
        }
    }

    /// The one route from a request to its method (`MethodTable`), by the method's handler:
    /// immediate methods act at once; document methods queue on the documents queue; a quick
    /// view method goes straight to its idle, prepared view (skipping the control queue when
    /// nothing waits there); everything else queues on the control queue in arrival order.
    private func dispatch(_ request: RPCRequest, reply: @escaping @Sendable (Result<[UInt8], RPCError>) -> Void) {
        let handler = MethodTable.handler(named: request.method)
        if case .immediate(let method)? = handler {
            return method.receive(Params(request.params), server: self, reply: reply)
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
        _ request: RPCRequest, _ pending: ServerState.Pending,
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
        _ request: RPCRequest, _ pending: ServerState.Pending,
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
        let progress = WorkDoneProgress(params: params.value, output: output)
        progress?.begin(title: method.name)
        let result = Result { () throws(RPCError) in try method.run(params, server: self) }
        progress?.end()
        reply(result)
    }

    /// Hands the request to its view's queue.
    private func onView(
        _ method: any ViewMethod.Type, _ params: Params, _ pending: ServerState.Pending,
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
        _ method: any ViewMethod.Type, on entry: ViewEntry, _ params: Params, _ pending: ServerState.Pending,
        _ reply: @escaping @Sendable (Result<[UInt8], RPCError>) -> Void, mayRunInline: Bool
    ) {
        let inline = state.withLock { () -> Bool in
            defer { entry.queued += 1 }
            return mayRunInline && entry.queued == 0 && entry.isPrepared
        }
        work.enter()
        viewWork.enter()
        let progress = WorkDoneProgress(params: params.value, output: output)
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
        output.send(message)
    }

}

/// The replies of a batch, filled in by whichever queues answer.
private final class BatchReplies: Sendable {
    private let state: Mutex<(slots: [Int: [UInt8]], remaining: Int)>

    init(expecting count: Int) { state = Mutex(([:], count)) }

    /// Records the reply to the request at `index`; returns the batch's whole answer — the
    /// replies in request order, as one array — when this was the last one awaited.
    func set(_ index: Int, _ bytes: [UInt8]) -> [UInt8]? {
        state.withLock { state in
            state.slots[index] = bytes
            state.remaining -= 1
            guard state.remaining == 0 else { return nil }
            let answers = state.slots.sorted { $0.key < $1.key }.map(\.value)
            state.slots = [:]
            return Array("[".utf8) + Array(answers.joined(separator: [UInt8(ascii: ",")])) + Array("]".utf8)
        }
    }
}
