import JSONRPC
import PluginHost
import WorkspaceModel

/// One client's connection to its own engine over JSON-RPC messages: what `workbench serve`
/// runs on standard input and output, and the preview on each WebSocket.
public final class EngineConnection: Sendable {
    public let engine: Engine
    private let messages: MessageConnection

    /// - Parameters:
    ///   - output: takes every message sent to the client: replies, batch arrays and notifications.
    ///   - the rest: as `Engine` takes them.
    public init(
        plugins: PluginCatalog, output: any MessageOutput, loader: WorkspaceLoader = WorkspaceLoader(),
        timeout: Double? = nil, openablePaths: OpenablePaths? = nil,
        releaseMemory: @escaping @Sendable () -> Void = {}, log: @escaping @Sendable (String) -> Void
    ) {
        engine = Engine(
            plugins: plugins, notifications: output, loader: loader, timeout: timeout, openablePaths: openablePaths,
            releaseMemory: releaseMemory, log: log)
        messages = MessageConnection(handler: engine, output: output, log: log)
    }

    /// Starts watching the plugin folders; call once, before the first message.
    public func start() { engine.start() }

    /// Handles one whole message (a request, a notification or a batch) from the client.
    /// Call from one thread at a time, in arrival order, and not after `exitRequested`.
    public func receive(_ message: [UInt8]) { messages.receive(message) }

    /// Answers input that could not be read as a message (a framing error) with a parse error.
    public func receiveMalformed(_ reason: String) { messages.receiveMalformed(reason) }

    /// Set when `exit` arrives; nothing more is received after it.
    public var exitRequested: Bool { engine.exitRequested }

    /// Requests received and not yet answered (`MessageConnection.requestsInProgress`).
    public var requestsInProgress: Int { messages.requestsInProgress }

    /// Ends the connection and returns the exit status (`Engine.stop`).
    public func stop(abandoned: Bool = false) -> Int32 { engine.stop(abandoned: abandoned) }

    /// Serves a byte stream — `workbench serve` on standard input and output — until `exit` or
    /// the end of input, and returns the exit status (see `Engine.stop`).
    ///
    /// The calling thread reads `input` and frames it (LSP headers, or one message per line when
    /// the first byte is `{` or `[`); replies use the client's framing. Messages over
    /// `maximumMessageSize` are refused from their header, without being read into memory.
    public func serve(input: Int32, output: ProtocolOutput, maximumMessageSize: Int = 64 << 20) -> Int32 {
        start()
        messages.serve(input: input, maximumMessageSize: maximumMessageSize, framedOutput: output) { exitRequested }
        return stop()
    }
}
