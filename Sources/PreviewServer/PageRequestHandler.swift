import Foundation
import NIOCore
import NIOHTTP1

/// Answers the preview's plain HTTP requests: the page's files, `/workspaces` (the workspace
/// files the page opens), and 403 for anything `PreviewAccess` refuses — among them a
/// WebSocket upgrade the upgrader turned down, which arrives here as an ordinary request.
final class PageRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let site: PreviewSite
    private var head: HTTPRequestHead?

    init(site: PreviewSite) { self.site = site }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break  // No route takes a body; it is read and dropped.
        case .end:
            guard let head else { return }
            self.head = nil
            let response = site.respond(to: head)
            write(response, for: head, context: context)
        }
    }

    private func write(_ response: PreviewSite.Response, for request: HTTPRequestHead, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: response.contentType)
        headers.add(name: "Content-Length", value: String(response.body.count))
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        for (name, value) in response.headers { headers.add(name: name, value: value) }
        let keepAlive = request.isKeepAlive && response.status == .ok
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        let head = HTTPResponseHead(version: request.version, status: response.status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if request.method != .HEAD {
            context.write(
                wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: response.body)))),
                promise: nil)
        }
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            if !keepAlive { channel.close(promise: nil) }
        }
    }
}
