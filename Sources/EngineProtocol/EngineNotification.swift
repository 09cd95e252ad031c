import JSON
import JSONRPC

/// A notification the engine sends unasked: its method's name, and its params as fields, which
/// write their own JSON where the notification leaves the process (`RPCNotification`); a client
/// in the process takes the value as it is.
public protocol EngineNotification: NotificationParams {
    static var method: String { get }
}

extension RPCNotification {
    /// The engine's notification as the transport sends it.
    public init(_ notification: some EngineNotification) {
        self.init(method: type(of: notification).method, params: notification)
    }
}
