import JSON
import Synchronization

/// One JSON-RPC 2.0 connection's messages: whole messages in (from standard input through
/// `serve`, a WebSocket or a test), each parsed and checked, single or batched, handed to a
/// `RequestHandler`, and the replies written to a `MessageOutput` — a batch as one array, and
/// replies in the order of the work they answer (`ReplyOrder`) — as the handler's protocol has
/// them (`ProtocolRules`). The handler answers with values; the connection writes every envelope.
public final class MessageConnection: Sendable {
    private let handler: any RequestHandler
    private let rules: ProtocolRules
    private let output: any MessageOutput
    private let replyOrder: ReplyOrder
    private let log: @Sendable (String) -> Void
    /// Requests received and not yet answered.
    private let unanswered = Atomic(0)

    /// - Parameter log: receives one line per malformed input skipped (the caller's log adds
    ///   what the line needs to say which program wrote it).
    public init(handler: any RequestHandler, output: any MessageOutput, log: @escaping @Sendable (String) -> Void) {
        self.handler = handler
        self.rules = handler.rules
        self.output = output
        self.replyOrder = ReplyOrder(output: output)
        self.log = log
    }

    /// How many requests (with an id) were received and are not yet answered: a transport that
    /// does not block on its writes (the preview's WebSocket) stops reading while it is high.
    public var requestsInProgress: Int { unanswered.load(ordering: .relaxed) }

    /// Handles one whole message (a request, a notification or a batch).
    /// Call from one thread at a time, in arrival order.
    public func receive(_ message: [UInt8]) {
        let value: JSONValue, idTokens: [Int: String]
        do {
            (value, idTokens) = try JSONParser.parseMessage(message[...])
        } catch {
            return output.send(Response.error(id: nil, .parseError(error.description)))
        }
        if case .array(let batch) = value {
            if let refusal = rules.batchRefusal { return output.send(Response.error(id: nil, refusal)) }
            receiveBatch(batch, idTokens: idTokens)
        } else {
            if rules.ignoresResponses && Self.isResponse(value) { return }
            let checked = RPCRequest.from(value, idToken: idTokens[0])
            let ticket = replyOrder.ticket(isBatch: false) { work(of: checked) }
            receiveSingle(checked, mayGoUnanswered: !rules.answersCancelledRequests) { [replyOrder] in
                replyOrder.write(ticket, $0)
            }
        }
    }

    /// Answers input that could not be read as a message (a framing error) with a parse error.
    public func receiveMalformed(_ reason: String) {
        log("skipped malformed input: \(reason)")
        output.send(Response.error(id: nil, .parseError(reason)))
    }

    /// The kind of work a checked message is, as its handler runs it (none if invalid).
    private func work(of checked: Result<RPCRequest, InvalidMessage>) -> [any DependencyTracker] {
        guard case .success(let request) = checked, let work = handler.work(of: request) else { return [] }
        return [work]
    }

    /// Handles one checked request or notification; `reply` gets its answer as message parts —
    /// unless it is -32800 and `mayGoUnanswered`: then nothing is written.
    private func receiveSingle(
        _ checked: Result<RPCRequest, InvalidMessage>, mayGoUnanswered: Bool = false,
        reply: @escaping @Sendable ([[UInt8]]) -> Void
    ) {
        switch checked {
        case .failure(let invalid):
            if !invalid.isNotification { reply([Response.error(id: invalid.id, invalid.error)]) }
        case .success(let request):
            if request.id != nil { unanswered.add(1, ordering: .relaxed) }
            handler.handle(request) { [self] result in
                guard let id = request.id else { return }
                defer { unanswered.subtract(1, ordering: .relaxed) }
                switch result.flatMap({ value in Result { () throws(RPCError) in try value.encodedResult() } }) {
                case .success(let bytes): reply(Response.resultParts(id: id, bytes))
                case .failure(let error) where mayGoUnanswered && error.code == RPCError.requestCancelledCode: break
                case .failure(let error): reply([Response.error(id: id, error)])
                }
            }
        }
    }

    /// Whether `message` is a reply (a result or an error under an id, no method), not a request.
    private static func isResponse(_ message: JSONValue) -> Bool {
        message["method"] == nil && message["id"] != nil && (message["result"] != nil || message["error"] != nil)
    }

    /// Answers a batch with one array, written by whichever request of it finishes last, in
    /// that request's own work: so the array goes out before anything that request comes
    /// before — a later `shutdown` (which waits for the view work before it) or the next
    /// control request — just as a single request's reply would. Replies to later work that
    /// depends on work in the batch wait for the array (`ReplyOrder`).
    private func receiveBatch(_ batch: [JSONValue], idTokens: [Int: String]) {
        guard !batch.isEmpty else {
            return output.send(Response.error(id: nil, .invalidRequest("an empty batch")))
        }
        let checked = batch.indices.map { RPCRequest.from(batch[$0], idToken: idTokens[$0]) }
        let expected = checked.count { Self.expectsReply($0) }
        let replies = BatchReplies(expecting: expected)
        let ticket = expected > 0 ? replyOrder.ticket(isBatch: true) { checked.flatMap(work(of:)) } : nil
        for (index, message) in checked.enumerated() {
            guard Self.expectsReply(message) else {
                receiveSingle(message) { _ in }
                continue
            }
            receiveSingle(message) { [replyOrder] parts in
                if let answer = replies.set(index, Array(parts.joined())) { replyOrder.write(ticket, [answer]) }
            }
        }
    }

    private static func expectsReply(_ checked: Result<RPCRequest, InvalidMessage>) -> Bool {
        switch checked {
        case .failure(let invalid): !invalid.isNotification
        case .success(let request): request.id != nil
        }
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
