import Dispatch
import JSON
import JSONRPC
import NIOCore
import NIOWebSocket
import WorkbenchEngine

/// One WebSocket client of the preview: its own `EngineConnection` (its open workspaces, views and
/// requests), fed one JSON-RPC message per text message, answering the same way.
///
/// Frames arrive whole (a `NIOWebSocketFrameAggregator` before this handler joins fragments,
/// within the size limit). When the connection closes the server is stopped as abandoned —
/// its running work cancelled at once — off the event loop, and then let go with its views.
///
/// Back-pressure: a client that stops reading its replies must not make the server queue them
/// without bound. When the replies not yet sent pass the channel's high water mark
/// (`Configuration.maximumUnsentBytes`), the channel turns unwritable and the session stops
/// reading requests (NIO's `autoRead`), so no new work is taken on; it reads again once they
/// drain below the low mark. Reading also pauses while more than `maximumRequestsInProgress`
/// requests wait for their answers (the server answers slower than the client asks: the
/// answers to come would pile up just the same), and goes on once half of them are answered.
/// A connection whose replies stay above the mark for `stalledClientTimeout` seconds is closed
/// with 1008 (policy violation) and its replies dropped. So a connection holds at most about
/// the high mark plus the answers to `maximumRequestsInProgress` requests.
final class WebSocketSession: ChannelInboundHandler, @unchecked Sendable {
    // Unchecked: touched on its channel's event loop only, but for `server`, which is set once before any read.
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let makeConnection: @Sendable (any MessageOutput) -> EngineConnection
    private let ended: @Sendable (WebSocketSession) -> Void
    private var server: EngineConnection?
    private var isClosing = false
    private let stalledClientTimeout: Double
    private let log: @Sendable (String) -> Void
    private let maximumRequestsInProgress: Int
    /// Closes the connection unless its replies drain first; set while they are above the mark.
    private var stallDeadline: Scheduled<Void>?
    /// Whether reading is paused (`autoRead` off).
    private var isPaused = false
    /// Looks again at the requests in progress; set while reading is paused for them.
    private var recheck: Scheduled<Void>?

    /// - Parameters:
    ///   - makeConnection: the engine connection for this client, given where its messages go.
    ///   - ended: called (off the event loop) once the client is gone and its server stopped.
    ///   - stalledClientTimeout: how long, in seconds, replies may stay above the high water
    ///     mark before the connection is closed.
    init(
        makeConnection: @escaping @Sendable (any MessageOutput) -> EngineConnection,
        ended: @escaping @Sendable (WebSocketSession) -> Void,
        stalledClientTimeout: Double = 30, maximumRequestsInProgress: Int = 256,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.makeConnection = makeConnection
        self.ended = ended
        self.stalledClientTimeout = stalledClientTimeout
        self.maximumRequestsInProgress = maximumRequestsInProgress
        self.log = log
    }

    /// Starts the stall timer when the replies not yet sent pass the high water mark, stops it
    /// when they drain below the low one, and pauses or resumes reading.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            stallDeadline?.cancel()
            stallDeadline = nil
        } else if stallDeadline == nil, !isClosing {
            let timeout = stalledClientTimeout
            stallDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(timeout * 1e9))) {
                [self] in
                log("preview: closing a client that left its replies unread for \(timeout) s (1008)")
                closeAtOnce(context, code: .policyViolation)
            }
        }
        updateReading(context)
        context.fireChannelWritabilityChanged()
    }

    /// Pauses reading while the channel is unwritable or too many requests are in progress;
    /// resumes once it is writable and at most half as many are.
    private func updateReading(_ context: ChannelHandlerContext) {
        guard let server, !isClosing else { return }
        let inProgress = server.requestsInProgress
        let writable = context.channel.isWritable
        if !isPaused, !writable || inProgress > maximumRequestsInProgress {
            isPaused = true
            try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: false)
        } else if isPaused, writable, inProgress <= maximumRequestsInProgress / 2 {
            isPaused = false
            recheck?.cancel()
            recheck = nil
            try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: true)
        }
        // Answers end on other threads: look again shortly while paused for them.
        if isPaused, writable, recheck == nil {
            recheck = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(5)) { [self] in
                recheck = nil
                updateReading(context)
            }
        }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let server = makeConnection(WebSocketOutput(channel: context.channel))
        server.start()
        self.server = server
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            guard let server, !isClosing else { return }
            server.receive(Array(buffer: frame.unmaskedData))
            if server.exitRequested { close(context, code: .normalClosure) }
            updateReading(context)
        case .binary:
            server?.receiveMalformed("a binary WebSocket message: JSON-RPC messages are sent as text")
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            close(context, code: .normalClosure)
        default:
            break
        }
    }

    /// A frame over the size limit, or one that breaks the protocol: close with the reason's code.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if case NIOWebSocketError.invalidFrameLength = error {
            close(context, code: .messageTooLarge)
        } else {
            close(context, code: .protocolError)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        stallDeadline?.cancel()
        stallDeadline = nil
        recheck?.cancel()
        recheck = nil
        guard let server else { return }
        self.server = nil
        DispatchQueue.global().async { [self] in
            _ = server.stop(abandoned: true)
            ended(self)
        }
        context.fireChannelInactive()
    }

    private func close(_ context: ChannelHandlerContext, code: WebSocketErrorCode) {
        guard !isClosing else { return }
        isClosing = true
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        let frame = WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(frame)).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Queues the close frame and closes without waiting for it: the replies before it will
    /// never be read, so they (and it) are dropped.
    private func closeAtOnce(_ context: ChannelHandlerContext, code: WebSocketErrorCode) {
        guard !isClosing else { return }
        isClosing = true
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        context.writeAndFlush(
            wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)), promise: nil)
        context.channel.close(promise: nil)
    }
}

/// Sends each of a server's messages as one text frame; from any thread, in call order.
final class WebSocketOutput: MessageOutput {
    let channel: any Channel

    init(channel: any Channel) { self.channel = channel }

    func send(_ message: [UInt8]) {
        let frame = WebSocketFrame(fin: true, opcode: .text, data: channel.allocator.buffer(bytes: message))
        channel.writeAndFlush(frame, promise: nil)
    }
}
