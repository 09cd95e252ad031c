import JSONRPC
import LanguageService
import RequestParams
import Sessions
import Synchronization

/// The engine's one way to run work: each request, and each piece of work the engine starts
/// itself, goes to `queue` with its kind (`EngineWork`, which states the ordering rules); no
/// other code queues work. The transport keeps replies in the same order across batches
/// (`work(of:)`, `ReplyOrder`); a cancelled view request is answered in its place, in order
/// behind its view's earlier work.
extension Engine {
    /// Where a request's answer goes: called once, from any thread.
    typealias Reply = @Sendable (Result<any MessageResult, RPCError>) -> Void

    public func handle(_ request: RPCRequest, reply: @escaping @Sendable (Result<any MessageResult, RPCError>) -> Void)
    {
        receive(EngineMessage(request), reply: reply)
    }

    /// The kind of work `request` is: the transport keeps the replies in its order (`ReplyOrder`).
    public func work(of request: RPCRequest) -> EngineWork? {
        EngineWork(MethodTable.handler(named: request.method), view: EngineMessage(request).viewID)
    }

    /// Takes one message, from a transport or a client in the process, and runs it by its kind.
    func receive(_ message: EngineMessage, reply: @escaping Reply) {
        let handler = MethodTable.handler(named: message.method)
        if case .immediate(let method)? = handler {
            return method.receive(message, engine: self, reply: reply)
        }
        var kind = EngineWork(handler, view: message.viewID)
        // After `shutdown`, control work answers view methods too: "the server has shut down".
        if kind.isView, state.hasShutDown { kind = .control }
        let pending = state.begin(message.id)
        let finish = finishing(message, reply)
        switch (kind, handler) {
        case (.documents, .document(let method)?):
            submit(.documents) { [self] _ in runDocument(method, message, pending, finish) }
        case (.view(let id, let isQuick), .view(let method)?):
            receiveView(id, isQuick: isQuick, method, message, pending, finish)
        default:
            submit(.control) { [self] _ in runControl(handler, message, pending, finish) }
        }
    }

    /// Queues a view request. It works on the view open once the control work before it is
    /// done: the one open now if no control work waits, else the one control work finds in its
    /// turn — which answers there, in order with the control replies, if the view is not open
    /// or the server has shut down.
    private func receiveView(
        _ id: String, isQuick: Bool, _ method: any ViewMethod.Type, _ message: EngineMessage,
        _ pending: EngineState.Pending, _ finish: @escaping Reply
    ) {
        let openNow = queue.hasUnfinished(.control) ? nil : state.view(id)
        let entry = Mutex(openNow)
        if openNow == nil {
            submit(.control) { [self] _ in
                if state.hasShutDown { return finish(.failure(Self.hasShutDown)) }
                guard let found = state.view(id) else { return finish(.failure(unknownView(id))) }
                entry.withLock { $0 = found }
            }
        }
        let mayRunInline = isQuick && openNow.map { openNow in state.withLock { openNow.isPrepared } } == true
        submit(.view(id, isQuick: isQuick), mayRunInline: mayRunInline) { [self] _ in
            guard let entry = entry.withLock({ $0 }) else { return }  // answered by the control work
            run(method, on: entry, message, pending, finish)
        }
    }

    /// Queues `body` as work of `kind`; control work records its ticket (`waitForEarlierViewWork`).
    private func submit(
        _ kind: EngineWork, mayRunInline: Bool = false,
        _ body: @escaping @Sendable (DependencyQueue<EngineWork>.Ticket) -> Void
    ) {
        queue.async(kind, mayRunInline: mayRunInline) { [self] ticket in
            if kind.isControl { runningControl.withLock { $0 = ticket } }
            body(ticket)
        }
    }

    /// The reply that also ends the request's tracking.
    private func finishing(_ message: EngineMessage, _ reply: @escaping Reply) -> Reply {
        { [state, id = message.id] result in
            state.finish(id)
            reply(result)
        }
    }

    /// Runs a control request (or a request answered as one): after `shutdown` only `exit` is
    /// accepted; a cancelled one is answered -32800.
    private func runControl(
        _ handler: MethodTable.Handler?, _ message: EngineMessage, _ pending: EngineState.Pending,
        _ reply: @escaping Reply
    ) {
        if state.hasShutDown {
            return reply(.failure(Self.hasShutDown))
        }
        // A view method is answered by its view's work, cancelled or not; here, it names no view.
        if MethodTable.viewMethod(named: message.method) == nil, pending.isCancelled {
            return reply(.failure(.requestCancelled))
        }
        switch handler {
        case .control(let method)?:
            let progress = WorkDoneProgress(token: message.workDoneToken, output: notifications)
            progress?.begin(title: message.method)
            let result = Result { () throws(RPCError) in try method.run(message, engine: self) }
            progress?.end()
            reply(result)
        case .view?:
            reply(Result { () throws(RPCError) -> any MessageResult in throw unknownView(try message.view()) })
        case .immediate?, .document?, nil:
            reply(.failure(.methodNotFound(message.method)))
        }
    }

    /// The answer to everything but `exit` after `shutdown`.
    private static let hasShutDown = RPCError.invalidRequest("the server has shut down; only 'exit' is accepted")

    /// The error for a view that is not open, naming those that are.
    private func unknownView(_ id: String) -> RPCError {
        let open = state.openViewIDs
        return .unknown(
            "no open view '\(id)'"
                + (open.isEmpty ? " (no workspace is open)" : "; open views: \(open.joined(separator: ", "))"))
    }

    /// Runs a view request on its view's session (made on first use), reporting progress when
    /// asked, and records what the view's state became.
    private func run(
        _ method: any ViewMethod.Type, on entry: ViewEntry, _ message: EngineMessage,
        _ pending: EngineState.Pending, _ reply: @escaping Reply
    ) {
        let progress = WorkDoneProgress(token: message.workDoneToken, output: notifications)
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
            entry.isPrepared = isPrepared
            if let prepared { entry.prepared = prepared }
            if let bounds { entry.bounds = bounds }
        }
        reply(result)
    }

    /// Runs a language-service method; a request cancelled while it waited is answered -32800.
    private func runDocument(
        _ method: any DocumentMethod.Type, _ message: EngineMessage, _ pending: EngineState.Pending,
        _ reply: @escaping Reply
    ) {
        if state.hasShutDown {
            return reply(.failure(Self.hasShutDown))
        }
        if pending.isCancelled { return reply(.failure(.requestCancelled)) }
        reply(
            Result { () throws(RPCError) -> any MessageResult in
                EncodedResult(try method.run(Params(message.params), host: self))
            })
    }

    /// Runs `body` as control work, in order with the requests (a watched file changed, a
    /// plugin rescan): view requests read after this call wait for it, so they see its effect.
    func enqueueControl(_ body: @escaping @Sendable () -> Void) {
        submit(.control) { _ in body() }
    }

    /// Runs `body` as the view's work, after the view's earlier work and before its later
    /// (the view's session taken over, or dropped after a plugin reload).
    func enqueueViewWork(_ id: String, _ body: @escaping @Sendable () -> Void) {
        submit(.view(id, isQuick: false)) { _ in body() }
    }

    /// Waits, from control work, until the view work received before it is done (`change`:
    /// a new bounds comes first); with `settling`, at most as long as `settle` allows
    /// (`shutdown`: a stuck plugin cannot hold it up).
    func waitForEarlierViewWork(settling: Bool = false) {
        guard let ticket = runningControl.withLock({ $0 }) else { return }
        if settling {
            settle(before: ticket, \.isView)
        } else {
            queue.waitForEarlier(than: ticket, \.isView)
        }
    }

    /// Runs `body` as document work, in order with the document methods.
    package func enqueueDocuments(_ body: @escaping @Sendable () -> Void) {
        submit(.documents) { _ in body() }
    }

    /// Runs `body` as document work once `delay` seconds have passed and the contract check
    /// running then is done; the wait is not work the end waits for.
    package func enqueueDocuments(after delay: Double, _ body: @escaping @Sendable () -> Void) {
        queue.async(.contractCheck, after: delay) { [self] _ in enqueueDocuments(body) }
    }

    /// Runs `body` as a contract check: beside the documents' work, one check at a time.
    package func enqueueContractCheck(_ body: @escaping @Sendable () -> Void) {
        submit(.contractCheck) { _ in body() }
    }
}
