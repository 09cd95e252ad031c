/// What a test drives, a real `workbench serve` (`ServerClient`) or the engine in process
/// (`EngineSession`): requests in, responses and notifications out as Foundation values.
public protocol ProtocolSession: AnyObject {
    /// The messages received so far, and the waits on them.
    var inbox: ReceivedMessages { get }
    /// Sends one message (an object, or an array: a batch).
    func send(_ message: Any)
}

extension ProtocolSession {
    /// Sends a request and waits for its response (`{jsonrpc, id, result}` or `{…, error}`).
    public func request(_ method: String, _ params: [String: Any]? = nil, id: Int) -> [String: Any]? {
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        send(message)
        return response(id: id)
    }

    /// Sends a notification (no id, no answer).
    public func notify(_ method: String, _ params: [String: Any]? = nil) {
        var message: [String: Any] = ["jsonrpc": "2.0", "method": method]
        if let params { message["params"] = params }
        send(message)
    }
}

extension ServerClient: ProtocolSession {}
extension EngineSession: ProtocolSession {}
