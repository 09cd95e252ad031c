/// What a test drives, a real `workbench serve` (`ServerClient`) or the engine in process
/// (`EngineSession`): requests in, responses out as Foundation values.
public protocol ProtocolSession: AnyObject {
    /// Sends a request and waits for its response (`{jsonrpc, id, result}` or `{…, error}`).
    func request(_ method: String, _ params: [String: Any]?, id: Int) -> [String: Any]?
}

extension ServerClient: ProtocolSession {}
extension EngineSession: ProtocolSession {}
