import Foundation
import JSONRPC
import PluginHost
import PluginIsolation
import WorkbenchEngine

/// The engine in process, driven the way `ServerClient` drives `workbench serve` — the same
/// calls, the same answers as Foundation values — through `EngineConnection`, the engine's
/// own message path in serve and the preview, with no process, pipes or framing in between.
/// For the engine's behaviour; what only a process shows (stdio and its framing, exit
/// statuses, memory) keeps `ServerClient`.
public final class EngineSession: @unchecked Sendable {  // Unchecked: `finished` is set by the test's thread.
    private let connection: EngineConnection
    public let inbox = ReceivedMessages()
    /// `EngineConnection.receive` takes one message at a time, in arrival order.
    private let sending = NSLock()
    private var finished = false

    /// An engine over the plugins `serve --plugins FOLDER…` finds (the folders, then the built
    /// ones beside the executable), run as `serve --isolation ISOLATION` runs them: `process`
    /// (the default: described by a child, run in children in `sandbox`) or `none` (loaded into
    /// the tests' process).
    public init(isolation: String = "process", plugins: [String] = [], sandbox: PluginSandbox = PluginSandbox()) {
        let folders = PluginRegistry.searchFolders(
            explicit: plugins, environment: [:], executableDirectory: BuildProducts.directory
        ).map(\.path)
        let catalog: PluginCatalog
        if isolation == "none" {
            catalog = .inProcess(PluginRegistry.discover(in: folders))
        } else {
            let executable = BuildProducts.executable("workbench")
            let describer = PluginDescriber(executable: executable, timeout: 10, sandbox: sandbox)
            let registry = PluginRegistry.discover(in: folders, loading: describer.describe)
            catalog = .isolated(registry, executable: executable, sandbox: sandbox)
        }
        connection = EngineConnection(plugins: catalog, output: Output(inbox), log: { _ in })
        connection.start()
    }

    deinit {
        if !finished { _ = connection.stop(abandoned: true) }
    }

    /// Sends one message (an object, or an array: a batch); its answers arrive in `messages`
    /// (`ProtocolSession` adds `request`, `notify` and the waits).
    public func send(_ message: Any) {
        let bytes = (try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])) ?? Data()
        sending.withLock { connection.receive(Array(bytes)) }
    }

    /// Ends the engine (as the end of `serve`'s input does) and returns its exit status.
    @discardableResult
    public func finish() -> Int32 {
        finished = true
        return connection.stop()
    }

    /// Takes each message the engine sends (replies, batches, notifications) to the inbox.
    private final class Output: MessageOutput, Sendable {
        let inbox: ReceivedMessages
        init(_ inbox: ReceivedMessages) { self.inbox = inbox }

        func send(_ message: [UInt8]) {
            inbox.append([
                (try? JSONSerialization.jsonObject(with: Data(message)))
                    ?? ["unparseable": String(decoding: message, as: UTF8.self)]
            ])
        }
    }
}
