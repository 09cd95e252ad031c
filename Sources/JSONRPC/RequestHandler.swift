import JSON

/// What answers the requests a `MessageConnection` reads: the layout engine, or `workbench mcp`.
public protocol RequestHandler: AnyObject, Sendable {
    /// How the handler's protocol changes JSON-RPC 2.0 (default: not at all; `ProtocolRules`).
    var rules: ProtocolRules { get }

    /// Handles one checked request or notification; `reply` is called once, from any thread,
    /// with the result (as a value: the connection writes it) or the error (a notification's
    /// answer is dropped).
    func handle(_ request: RPCRequest, reply: @escaping @Sendable (Result<any MessageResult, RPCError>) -> Void)

    /// The keys a message's reply keeps its order by, across batches (the engine: the view it
    /// is about); empty for a message whose reply may go out as soon as it is ready.
    func orderingKeys(of message: JSONValue) -> [String]
}
