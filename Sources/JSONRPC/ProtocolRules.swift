/// What a protocol spoken over JSON-RPC 2.0 changes in it, applied by the connection for its
/// handler (`RequestHandler.rules`). `workbench serve` speaks JSON-RPC as written; MCP takes one
/// message at a time, ignores a client's replies and leaves a cancelled request unanswered.
public struct ProtocolRules: Sendable {
    /// The error a batch is answered with, whole, where the protocol has no batches; nil: batches
    /// are taken, an array in and an array out.
    public var batchRefusal: RPCError?
    /// Whether a message with a result or an error and no method (a client's reply to a request
    /// of the server's) is dropped without a word, not answered as an invalid request.
    public var ignoresResponses: Bool
    /// Whether a request the handler answers -32800 (cancelled) gets that answer; if not, it gets
    /// none. A batch's requests are all answered either way: its array waits for each of them.
    public var answersCancelledRequests: Bool

    public init(batchRefusal: RPCError? = nil, ignoresResponses: Bool = false, answersCancelledRequests: Bool = true) {
        self.batchRefusal = batchRefusal
        self.ignoresResponses = ignoresResponses
        self.answersCancelledRequests = answersCancelledRequests
    }

    /// JSON-RPC 2.0 as written.
    public static let jsonRPC = ProtocolRules()
}

extension RequestHandler {
    /// JSON-RPC 2.0 as written, unless the handler speaks a protocol that changes it.
    public var rules: ProtocolRules { .jsonRPC }
}
