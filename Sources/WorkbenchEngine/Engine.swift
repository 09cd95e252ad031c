import EngineProtocol
import FileWatching
import Foundation
import JSON
import JSONRPC
import LanguageService
import PluginHost
import Synchronization
import WorkspaceModel

/// The layout engine: the protocol's requests in, their answers and notifications out, as values.
///
/// A transport hands it checked requests (`handle`, as a `RequestHandler`): a
/// `MessageConnection` over a byte stream or a WebSocket (`EngineConnection`), or the
/// in-process `EngineClient` (typed requests). Each request, in arrival order, becomes work of
/// one kind (`EngineWork`) on one `DependencyQueue`: so a request always sees the workspaces
/// opened before it, one view's replies keep their order, views work in parallel, the
/// language service (`LanguageService`, which reaches the engine through `LanguageHost`) works
/// beside them, and immediate methods (`$/cancelRequest`, `exit`) act as soon as they are read.
public final class Engine: RequestHandler, Sendable {
    let plugins: PluginCatalog
    /// The longest one view's `prepare` may take, in seconds; nil for no limit.
    public let timeout: Double?
    /// What `open` may read; nil for any path.
    public let openablePaths: OpenablePaths?
    package let loader: WorkspaceLoader
    let state = EngineState()
    /// The documents an editor has open: the language service's state.
    package let documents = DocumentStore()
    let memoryRelease: MemoryRelease
    let log: @Sendable (String) -> Void
    /// Runs every request and every piece of work the engine starts, by its kind (`EngineWork`).
    let queue = DependencyQueue<EngineWork>()
    /// The control work running now (control work runs one at a time): what
    /// `waitForEarlierViewWork` counts back from.
    let runningControl = Mutex<DependencyQueue<EngineWork>.Ticket?>(nil)
    /// Takes every notification the engine sends, as a value (the transport writes its message).
    let notifications: any NotificationOutput
    private let exitFlag = Atomic(false)
    /// Watches the plugin folders between `start` and `stop`.
    private let pluginWatcher = Mutex<FileWatcher?>(nil)
    /// Folders opened with `watch: true`, followed for workspace files added and removed.
    let folderWatches = FolderWatches()

    /// - Parameters:
    ///   - notifications: takes every notification the engine sends.
    ///   - timeout: the longest one view's `prepare` may take, in seconds; nil for no limit.
    ///   - openablePaths: what `open` may read; nil for any path.
    ///   - log: receives one line per problem worth telling the user (stderr, in `workbench serve`).
    ///   - releaseMemory: gives freed memory back to the system (in `workbench serve`, glibc's
    ///     `malloc_trim`); called a moment after a view is released or a prepare is cancelled or fails.
    public init(
        plugins: PluginCatalog, notifications: any NotificationOutput, loader: WorkspaceLoader = WorkspaceLoader(),
        timeout: Double? = nil, openablePaths: OpenablePaths? = nil,
        releaseMemory: @escaping @Sendable () -> Void = {}, log: @escaping @Sendable (String) -> Void
    ) {
        self.plugins = plugins
        self.notifications = notifications
        self.timeout = timeout
        self.openablePaths = openablePaths
        self.loader = loader
        self.memoryRelease = MemoryRelease(releaseMemory)
        self.log = log
    }

    /// Set by the receiving thread when `exit` arrives; nothing more is received after it.
    public var exitRequested: Bool { exitFlag.load(ordering: .acquiring) }

    func requestExit() { exitFlag.store(true, ordering: .releasing) }

    /// Starts watching the plugin folders; call once, before the first message.
    public func start() {
        let watcher = watchPluginFolders()
        pluginWatcher.withLock { $0 = watcher }
    }

    /// Ends the connection — its workspaces are closed, their views released and their
    /// watchers stopped — and returns the exit status: 0 after `shutdown` then `exit`, or when
    /// the input ended; 1 for `exit` without `shutdown`.
    ///
    /// What was sent is answered, but within 2 s whatever the plugins do: the control work
    /// gets a second to take in what came before the end (so `exit` cancels only work sent
    /// before it), then work still running is cancelled — at once after `exit` or when
    /// `abandoned` (nobody is left to read the answers: a closed page), after another second
    /// at the end of input.
    public func stop(abandoned: Bool = false) -> Int32 {
        pluginWatcher.withLock { $0.take() }?.stop()
        folderWatches.stopAll()
        documents.stopWatching()
        queue.waitForEarlier(than: queue.nextTicket, \.isControl, timeout: 1)
        if exitRequested || abandoned { state.cancelAll() }
        settle(before: queue.nextTicket) { _ in true }
        state.closeAll()
        return exitRequested ? (state.hasShutDown ? 0 : 1) : 0
    }

    /// Waits for the work `matching` received before `ticket` to be answered: a second, then
    /// whatever still runs is cancelled and gets 0.7 s more, so a stuck plugin cannot hold up
    /// `shutdown` or the end.
    func settle(before ticket: DependencyQueue<EngineWork>.Ticket, _ matching: (EngineWork) -> Bool) {
        if !queue.waitForEarlier(than: ticket, matching, timeout: 1) {
            state.cancelAll()
            queue.waitForEarlier(than: ticket, matching, timeout: 0.7)
        }
    }

    /// Sends a notification to the client.
    func notify(_ notification: some EngineNotification) {
        notifications.send(RPCNotification(notification))
    }

}
