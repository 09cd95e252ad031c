import JSON

/// What answers the requests a `MessageConnection` reads: the layout engine, or `workbench mcp`.
public protocol RequestHandler: AnyObject, Sendable {
    /// The kinds of work the handler's requests are, and what each waits for.
    associatedtype Work: DependencyTracker

    /// How the handler's protocol changes JSON-RPC 2.0 (default: not at all; `ProtocolRules`).
    var rules: ProtocolRules { get }

    /// Handles one checked request or notification; `reply` is called once, from any thread,
    /// with the result (as a value: the connection writes it) or the error (a notification's
    /// answer is dropped).
    func handle(_ request: RPCRequest, reply: @escaping @Sendable (Result<any MessageResult, RPCError>) -> Void)

    /// The kind of work `request` is, the same the handler runs it as: its reply keeps its
    /// order behind the replies of earlier batches holding work it depends on (`ReplyOrder`).
    /// Nil for a reply that may go out as soon as it is ready. Pure: called on the reading
    /// thread, in arrival order.
    func work(of request: RPCRequest) -> Work?
}
