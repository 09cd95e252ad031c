/// Where a server's outgoing messages go: replies, batch arrays and notifications.
///
/// Each call carries one whole JSON-RPC message (unframed UTF-8 JSON); the transport frames it
/// as its medium needs — LSP headers or a line on a byte stream (`ProtocolOutput`), one text
/// frame on a WebSocket, a callback in process. Calls come from any thread, one message at a
/// time per call; a transport must write each message whole, never interleaved with another.
public protocol MessageOutput: NotificationOutput {
    func send(_ message: [UInt8])
    /// Sends one message given in parts, in order (a reply: its envelope around the result):
    /// a transport that can write them without joining them (`writev`) does.
    func send(parts: [[UInt8]])
}

extension MessageOutput {
    public func send(parts: [[UInt8]]) {
        send(parts.count == 1 ? parts[0] : Array(parts.joined()))
    }

    /// Sends a notification given as a value: its message, `{"jsonrpc": "2.0", "method", "params"}`.
    public func send(_ notification: RPCNotification) {
        send(Response.notification(notification))
    }
}
