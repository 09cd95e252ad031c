import Foundation
import JSONRPC
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import PluginHost
import Synchronization
import WorkbenchEngine

/// `workbench preview`'s server: the page over HTTP and, at `/rpc`, the layout protocol over a
/// WebSocket — one JSON-RPC message per text message, through the same engine (`EngineConnection`) as `workbench
/// serve` (one per connection, all sharing the plugins), so every method, notification and
/// limit is the same. Built on SwiftNIO's HTTP/1 and WebSocket handlers.
public final class PreviewWebServer: Sendable {
    public struct Configuration: Sendable {
        /// The address to listen on; the default (loopback) also listens on `::1` when it can.
        public var host = "127.0.0.1"
        /// 0: any free port.
        public var port = 0
        public var token = PreviewAccess.makeToken()
        /// The workspace files and folders given: all that `open` may read over this transport.
        public var paths: [String]
        /// The workspace files the page opens (`paths` with folders expanded).
        public var workspaces: [String]
        /// The largest message accepted (as `workbench serve`'s).
        public var maximumMessageSize = 64 << 20
        /// The longest one view's `prepare` may take, in seconds; nil for no limit.
        public var timeout: Double?
        /// The most bytes of replies a connection may leave unsent: past it the server stops
        /// reading that connection's requests until half of them have gone out.
        public var maximumUnsentBytes = 16 << 20
        /// How long, in seconds, a connection may keep more than `maximumUnsentBytes` unsent
        /// before it is closed (1008, policy violation): a client that stopped reading.
        public var stalledClientTimeout = 30.0
        /// The most requests of one connection waiting for their answers before the server
        /// stops reading it (until half of them are answered).
        public var maximumRequestsInProgress = 256

        public init(paths: [String], workspaces: [String]) {
            self.paths = paths
            self.workspaces = workspaces
        }
    }

    public let configuration: Configuration
    private let plugins: PluginCatalog
    private let releaseMemory: @Sendable () -> Void
    private let log: @Sendable (String) -> Void
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
    private let state = Mutex(State())

    private struct State {
        var listeners: [any Channel] = []
        var site: PreviewSite?
        var sessions: [ObjectIdentifier: any Channel] = [:]
    }
    private let openable: OpenablePaths

    public init(
        configuration: Configuration, plugins: PluginCatalog, releaseMemory: @escaping @Sendable () -> Void = {},
        log: @escaping @Sendable (String) -> Void
    ) {
        self.configuration = configuration
        self.plugins = plugins
        self.releaseMemory = releaseMemory
        self.log = log
        openable = OpenablePaths(configuration.paths)
    }

    /// Listens, and returns the page's URL with the token.
    ///
    /// - Throws: when the address cannot be bound or the page's files cannot be read.
    public func start() throws -> String {
        let files = try PageFiles()
        let first = try bootstrap().bind(host: configuration.host, port: configuration.port).wait()
        guard let port = first.localAddress?.port else { throw ChannelError.unknownLocalAddress }
        var bound = [first], hosts = [configuration.host]
        if configuration.host == "127.0.0.1" {
            do {
                bound.append(try bootstrap().bind(host: "::1", port: port).wait())
                hosts.append("::1")
            } catch {
                log("preview: not listening on [::1]:\(port): \(error)")
            }
        }
        let site = PreviewSite(
            access: PreviewAccess(token: configuration.token, hosts: hosts, port: port),
            files: files, workspaces: configuration.workspaces, folders: openable.folders, log: log)
        state.withLock {
            $0.listeners = bound
            $0.site = site
        }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host):\(port)/?token=\(configuration.token)"
    }

    /// Stops listening, closes every connection and waits (a few seconds at most) for their
    /// servers to stop, their running work cancelled.
    public func stop() {
        let (listening, open) = state.withLock { ($0.listeners, Array($0.sessions.values)) }
        for channel in listening + open { channel.close(promise: nil) }
        let deadline = Date().addingTimeInterval(3)
        while openConnections > 0 && Date() < deadline { usleep(10_000) }
        try? group.syncShutdownGracefully()
    }

    /// WebSocket clients whose server has not yet stopped.
    var openConnections: Int { state.withLock { $0.sessions.count } }

    private func bootstrap() -> ServerBootstrap {
        ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture { try configure(channel) }
            }
    }

    /// HTTP/1 with a WebSocket upgrade at `/rpc` for requests the site accepts; anything else
    /// (refused upgrades too) goes to `PageRequestHandler`.
    private func configure(_ channel: any Channel) throws {
        guard let site = state.withLock({ $0.site }) else { throw ChannelError.ioOnClosedChannel }
        let limit = configuration.maximumMessageSize
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: limit, automaticErrorHandling: true,
            shouldUpgrade: { channel, head in
                let (path, query) = PreviewSite.split(head.uri)
                let accepted = path == "/rpc" && site.refusal(of: head, path: path, query: query) == nil
                return channel.eventLoop.makeSucceededFuture(accepted ? HTTPHeaders() : nil)
            },
            upgradePipelineHandler: { [self] channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    let unsent = configuration.maximumUnsentBytes
                    try channel.syncOptions?.setOption(
                        ChannelOptions.writeBufferWaterMark, value: .init(low: unsent / 2, high: unsent))
                    let aggregator = NIOWebSocketFrameAggregator(
                        minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: Int.max,
                        maxAccumulatedFrameSize: limit)
                    try channel.pipeline.syncOperations.addHandler(aggregator)
                    try channel.pipeline.syncOperations.addHandler(makeSession(channel))
                }
            })
        let page = PageRequestHandler(site: site)
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(
            withServerUpgrade: (
                upgraders: [upgrader],
                completionHandler: { context in
                    context.pipeline.removeHandler(name: "page", promise: nil)
                }
            ))
        try channel.pipeline.syncOperations.addHandler(page, name: "page")
    }

    private func makeSession(_ channel: any Channel) -> WebSocketSession {
        let session = WebSocketSession(
            makeConnection: { [self] output in
                EngineConnection(
                    plugins: plugins, output: output, timeout: configuration.timeout, openablePaths: openable,
                    releaseMemory: releaseMemory, log: log)
            },
            ended: { [self] session in
                _ = state.withLock { $0.sessions.removeValue(forKey: ObjectIdentifier(session)) }
            },
            stalledClientTimeout: configuration.stalledClientTimeout,
            maximumRequestsInProgress: configuration.maximumRequestsInProgress, log: log)
        state.withLock { $0.sessions[ObjectIdentifier(session)] = channel }
        return session
    }
}
