import JSON

/// A notification as a value: its method and its params. Only the transport that sends it
/// writes the message (`MessageOutput`); a client in the same process takes the value as it is.
public struct RPCNotification: Sendable {
    public var method: String
    public var params: any NotificationParams

    public init(method: String, params: any NotificationParams) {
        self.method = method
        self.params = params
    }
}

/// A notification's params as a value that writes its own JSON (one JSON value).
public protocol NotificationParams: Sendable {
    func write(to writer: inout JSONWriter)
}

extension JSONValue: NotificationParams {
    public func write(to writer: inout JSONWriter) { writer.json(self) }
}

/// Where a server's notifications go, as values: a transport's output writes each one as a
/// message (every `MessageOutput` does), a client in the process takes the value.
public protocol NotificationOutput: AnyObject, Sendable {
    func send(_ notification: RPCNotification)
}
