import Dispatch
import JSON
import JSONRPC
import LanguageService
import RequestParams
import Sessions

/// The engine's ordering rules, all in one place: which lane each request runs in, and what
/// it waits for. `MethodTable` declares each method's lane; this file is the only code that
/// queues work.
///
/// | lane (`MethodTable.Handler`) | runs on | waits for |
/// | --- | --- | --- |
/// | `immediate` (`$/cancelRequest`, `exit`) | the reading thread, as soon as read | nothing (`exit` is answered after the control queue's earlier work) |
/// | `control` (`open`, `change`, `reload`, …) | the control queue | every request queued there before it |
/// | `view` (`prepare`, `query`, `update`, …) | the view's serial queue | the view's earlier requests; and, while anything waits on the control queue, all of that (an `open` it may depend on) |
/// | `view`, quick, on an idle, prepared view, nothing on the control queue | inline, on the reading thread | nothing |
/// | `document` (the language service) | the documents queue, beside the others | the document methods before it |
///
/// Work the engine starts itself follows the same rules: a watched file's reload and a plugin
/// rescan queue on the control queue (`enqueueControl`); a document's views are served on the
/// control queue ahead of any view request read after it (`enqueueControlBeforeViews`). The
/// language service queues nothing itself: its work comes back through `LanguageHost` — a data
/// file changed on disk to the documents queue (`enqueueDocuments`), a contract check to the
/// contract queue, one at a time (`enqueueContractCheck`), and an idle document's check after
/// a wait there (`enqueueDocuments(after:)`).
/// Replies that share a view keep their order across batches in the transport
/// (`orderingKeys`, `ReplyOrder`); a cancelled view request is answered in its place on its
/// view's queue.
extension Engine {
    /// Where a request's answer goes: called once, from any thread.
    typealias Reply = @Sendable (Result<any MessageResult, RPCError>) -> Void

    /// The view a message is about (`params.view`): its reply keeps its order with the view's others.
    public func orderingKeys(of message: JSONValue) -> [String] {
        if case .string(let view)? = message["params"]?["view"] { [view] } else { [] }
    }

    /// The one route from a request to its method (`MethodTable`), by the method's handler:
    /// immediate methods act at once; document methods queue on the documents queue; a quick
    /// view method goes straight to its idle, prepared view (skipping the control queue when
    /// nothing waits there); everything else queues on the control queue in arrival order.
    public func handle(_ request: RPCRequest, reply: @escaping @Sendable (Result<any MessageResult, RPCError>) -> Void)
    {
        receive(EngineMessage(request), reply: reply)
    }

    /// Takes one message, from a transport or a client in the process (see `handle`).
    func receive(_ message: EngineMessage, reply: @escaping Reply) {
        let handler = MethodTable.handler(named: message.method)
        if case .immediate(let method)? = handler {
            return method.receive(message, engine: self, reply: reply)
        }
        let pending = state.begin(message.id)
        switch handler {
        case .document(let method)?:
            runOnDocuments(method, message, pending, finishing(message, reply))
        case .view(let method)? where !state.hasShutDown:
            if let entry = state.directRoute(to: message.viewID) {
                run(method, on: entry, message, pending, finishing(message, reply), mayRunInline: method.isQuick)
            } else {
                enqueue(message, pending, reply)
            }
        default:
            enqueue(message, pending, reply)
        }
    }

    /// Queues the request on the control queue, behind everything received before it.
    fileprivate func enqueue(
        _ message: EngineMessage, _ pending: EngineState.Pending,
        _ reply: @escaping Reply
    ) {
        state.controlWillRun()
        work.enter()
        controlQueue.async { [self] in
            route(message, pending, reply)
            state.controlDidRun()
            work.leave()
        }
    }

    /// The reply that also ends the request's tracking.
    fileprivate func finishing(_ message: EngineMessage, _ reply: @escaping Reply) -> Reply {
        { [state, id = message.id] result in
            state.finish(id)
            reply(result)
        }
    }

    /// The one switch from a method's handler (`MethodTable`) to its queue; runs on the control queue.
    fileprivate func route(_ message: EngineMessage, _ pending: EngineState.Pending, _ reply: @escaping Reply) {
        let finish = finishing(message, reply)
        if state.hasShutDown {
            return finish(.failure(.invalidRequest("the server has shut down; only 'exit' is accepted")))
        }
        // A cancelled view request is answered on its view's queue, in order behind that
        // view's earlier requests; only the control methods answer a cancellation here.
        if MethodTable.viewMethod(named: message.method) == nil, pending.isCancelled {
            return finish(.failure(.requestCancelled))
        }
        switch MethodTable.handler(named: message.method) {
        case .control(let method)?: onControl(method, message, finish)
        case .view(let method)?: onView(method, message, pending, finish)
        case .immediate?, .document?, nil: finish(.failure(.methodNotFound(message.method)))  // Never queued.
        }
    }

    fileprivate func onControl(
        _ method: any ControlMethod.Type, _ message: EngineMessage, _ reply: Reply
    ) {
        let progress = WorkDoneProgress(token: message.workDoneToken, output: notifications)
        progress?.begin(title: message.method)
        let result = Result { () throws(RPCError) in try method.run(message, engine: self) }
        progress?.end()
        reply(result)
    }

    /// Hands the request to its view's queue.
    fileprivate func onView(
        _ method: any ViewMethod.Type, _ message: EngineMessage, _ pending: EngineState.Pending,
        _ reply: @escaping Reply
    ) {
        do throws(RPCError) {
            let id = try message.view()
            guard let entry = state.view(id) else {
                let open = state.openViewIDs
                throw .unknown(
                    "no open view '\(id)'"
                        + (open.isEmpty ? " (no workspace is open)" : "; open views: \(open.joined(separator: ", "))"))
            }
            run(method, on: entry, message, pending, reply, mayRunInline: false)
        } catch {
            reply(.failure(error))
        }
    }

    /// Runs a view request on the view's queue: inline on the calling thread when that may be
    /// (the reading thread, with a quick method) and the view is idle and prepared (a query
    /// costs microseconds; a thread hop would cost more), else asynchronously, in order behind
    /// the view's earlier requests.
    fileprivate func run(
        _ method: any ViewMethod.Type, on entry: ViewEntry, _ message: EngineMessage, _ pending: EngineState.Pending,
        _ reply: @escaping Reply, mayRunInline: Bool
    ) {
        let inline = state.withLock { () -> Bool in
            defer { entry.queued += 1 }
            return mayRunInline && entry.queued == 0 && entry.isPrepared
        }
        work.enter()
        viewWork.enter()
        let progress = WorkDoneProgress(token: message.workDoneToken, output: notifications)
        let job: @Sendable () -> Void = { [self] in
            let result = Result { () throws(RPCError) -> any MessageResult in
                if pending.flag.isRaised { throw RPCError.requestCancelled }
                let session = try entry.session(plugins: plugins, timeout: timeout, log: log)
                progress?.begin(title: "\(message.method) \(entry.id)")
                session.progress = progress.map { progress in { progress.report($0) } }
                defer { session.progress = nil }
                return try session.withCancellation(pending.flag) { () throws(RPCError) in
                    try method.run(message, session: session)
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

    /// Runs `body` on the control queue, in order with the requests (a watched file changed).
    func enqueueControl(_ body: @escaping @Sendable () -> Void) {
        work.enter()
        controlQueue.async { [self] in
            body()
            work.leave()
        }
    }

    /// Runs a language-service method on the documents queue, in arrival order with the other
    /// document methods and beside the control and view queues; a request cancelled while it
    /// waits is answered -32800.
    fileprivate func runOnDocuments(
        _ method: any DocumentMethod.Type, _ message: EngineMessage, _ pending: EngineState.Pending,
        _ reply: @escaping Reply
    ) {
        work.enter()
        documentsQueue.async { [self] in
            defer { work.leave() }
            if state.hasShutDown {
                return reply(.failure(.invalidRequest("the server has shut down; only 'exit' is accepted")))
            }
            if pending.isCancelled { return reply(.failure(.requestCancelled)) }
            reply(
                Result { () throws(RPCError) -> any MessageResult in
                    EncodedResult(try method.run(Params(message.params), host: self))
                })
        }
    }

    /// Runs `body` on the control queue, in order with the requests; view requests read after
    /// this call wait for it too (no direct route to a view meanwhile), so they see its effect.
    func enqueueControlBeforeViews(_ body: @escaping @Sendable () -> Void) {
        state.controlWillRun()
        enqueueControl { [state] in
            body()
            state.controlDidRun()
        }
    }

    /// Runs `body` on the documents queue, in order with the document methods.
    package func enqueueDocuments(_ body: @escaping @Sendable () -> Void) {
        work.enter()
        documentsQueue.async { [self] in
            body()
            work.leave()
        }
    }

    /// Runs `body` on the documents queue once `delay` seconds have passed and the contract
    /// check running then is done (the wait is on the contract queue); the wait is not work the
    /// end waits for.
    package func enqueueDocuments(after delay: Double, _ body: @escaping @Sendable () -> Void) {
        contractQueue.asyncAfter(deadline: .now() + delay) { [self] in enqueueDocuments(body) }
    }

    /// Runs `body` on the contract queue: off the documents queue, one check at a time.
    package func enqueueContractCheck(_ body: @escaping @Sendable () -> Void) {
        work.enter()
        contractQueue.async { [self] in
            defer { work.leave() }
            body()
        }
    }
}
