import ArgumentParser
import Dispatch
import Foundation
import PreviewServer
import WorkspaceBatch

/// `workbench preview PATH…`: the workspaces' views live in a browser page, drawn at the
/// engine's frames, over the same JSON-RPC as `serve` on a WebSocket.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show the workspaces' views live in a browser page.",
        discussion: """
            PATH is a workspace file or a folder of them (default: Workspaces); the page opens them \
            watched, and may open nothing outside them. Standard output gets one line, the page's URL \
            with a fresh token; logs go to standard error. The page's WebSocket at /rpc?token=… speaks \
            the same JSON-RPC 2.0 as 'workbench serve'. Ctrl-C or SIGTERM stops it.
            """)

    @Argument(help: ArgumentHelp("Workspace files or folders of them.", valueName: "path"))
    var paths: [String] = ["Workspaces"]

    @Option(help: ArgumentHelp("The port to listen on (0: any free port).", valueName: "n"))
    var port = 0

    @Option(
        help: ArgumentHelp(
            "The address to listen on; anything but loopback lets other machines in (with the token).",
            valueName: "addr"))
    var host = "127.0.0.1"

    @OptionGroup var plugins: PluginOptions
    @OptionGroup var isolation: IsolationOptions

    @Option(help: ArgumentHelp("The largest message accepted, in bytes.", valueName: "bytes"))
    var maximumMessageSize = 64 << 20

    @Option(
        help: ArgumentHelp(
            "The most bytes of replies a WebSocket client may leave unread before the server stops reading its requests.",
            valueName: "bytes"))
    var maximumUnsentBytes = 16 << 20

    @Option(
        help: ArgumentHelp(
            "How long a client may leave more than that unread before it is disconnected (1008).", valueName: "seconds"
        ))
    var stalledClientTimeout = 30.0

    func validate() throws {
        guard (1 << 16...1 << 34).contains(maximumUnsentBytes) else {
            throw ValidationError("--maximum-unsent-bytes must be 65536 to \(1 << 34)")
        }
        guard stalledClientTimeout > 0, stalledClientTimeout <= 86_400 else {
            throw ValidationError("--stalled-client-timeout must be more than 0 and at most 86400 seconds")
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 (any free port) to 65535") }
        guard (1...(Int(UInt32.max))).contains(maximumMessageSize) else {
            throw ValidationError("--maximum-message-size must be 1 to \(UInt32.max) bytes")
        }
    }

    func run() throws {
        var workspaces: [String] = []
        for result in paths.flatMap(WorkspaceFiles.expand) {
            switch result {
            case .success(let path): workspaces.append(Self.absolute(path))
            case .failure(let diagnostic): throw ValidationError(diagnostic.description)
            }
        }
        let log: @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        if !["127.0.0.1", "::1", "localhost"].contains(host) {
            log(
                "warning: listening on \(host), not loopback: other machines that reach it and learn the token can read these workspaces"
            )
        }
        signal(SIGPIPE, SIG_IGN)
        AllocatorPolicy.configureForServing()
        let catalog = PluginDiscovery.catalog(plugins, isolation)
        var configuration = PreviewWebServer.Configuration(paths: paths, workspaces: workspaces)
        configuration.host = host == "localhost" ? "127.0.0.1" : host
        configuration.port = port
        configuration.timeout = isolation.timeout
        configuration.maximumMessageSize = maximumMessageSize
        configuration.maximumUnsentBytes = maximumUnsentBytes
        configuration.stalledClientTimeout = stalledClientTimeout
        let server = PreviewWebServer(
            configuration: configuration, plugins: catalog,
            releaseMemory: {
                catalog.releaseSpareMemory()
                AllocatorPolicy.releaseFreeMemory()
            }, log: log)
        let url: String
        do {
            url = try server.start()
        } catch {
            catalog.terminateChildren()
            throw ValidationError("cannot listen on \(host) port \(port): \(error)")
        }
        FileHandle.standardOutput.write(Data((url + "\n").utf8))
        log("workbench preview: serving \(workspaces.count) workspace file(s) at \(url)")
        Self.waitForSignal()
        log("workbench preview: stopping")
        server.stop()
        catalog.terminateChildren()
        Foundation.exit(0)
    }

    /// Blocks until SIGINT or SIGTERM.
    private static func waitForSignal() {
        let stop = DispatchSemaphore(value: 0)
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            sources.append(source)
        }
        stop.wait()
        _ = sources
    }

    /// A path as the page sees it: absolute, so that `open` gets the path the server allows.
    private static func absolute(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: absolute).standardizedFileURL.path
    }
}
