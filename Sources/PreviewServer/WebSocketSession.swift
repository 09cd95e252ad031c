import Dispatch
import JSON
import NIOCore
import NIOWebSocket
import WorkbenchServer

/// One WebSocket client of the preview: its own `Server` (its open workspaces, views and
/// requests), fed one JSON-RPC message per text message, answering the same way.
///
/// Frames arrive whole (a `NIOWebSocketFrameAggregator` before this handler joins fragments,
/// within the size limit). When the connection closes the server is stopped as abandoned —
/// its running work cancelled at once — off the event loop, and then let go with its views.
final class WebSocketSession: ChannelInboundHandler, @unchecked Sendable {
    // Unchecked: touched on its channel's event loop only, but for `server`, which is set once before any read.
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let makeServer: @Sendable (any MessageOutput) -> Server
    private let ended: @Sendable (WebSocketSession) -> Void
    private var server: Server?
    private var isClosing = false

    /// - Parameters:
    ///   - makeServer: the server for this client, given where its messages go.
    ///   - ended: called (off the event loop) once the client is gone and its server stopped.
    init(
        makeServer: @escaping @Sendable (any MessageOutput) -> Server,
        ended: @escaping @Sendable (WebSocketSession) -> Void
    ) {
        self.makeServer = makeServer
        self.ended = ended
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let server = makeServer(WebSocketOutput(channel: context.channel))
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
