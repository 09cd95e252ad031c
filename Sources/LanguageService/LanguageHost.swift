import JSON
import LayoutChecker
import PluginHost
import SourceDiagnostics
import WorkspaceModel

/// What the language service needs of the engine that hosts it: the plugins and the loader a
/// document is read with, the workspaces a document serves, a view's last prepare, the layout
/// contract, the client, and the lanes its own work runs in.
///
/// The service queues nothing itself: its methods (`DocumentMethod`) run as the host's
/// documents work, and the work they start (a data file changed on disk, an idle document's
/// contract check) comes back through the host's lanes.
package protocol LanguageHost: AnyObject, Sendable {
    /// The documents the editor has open: the service's state, which the host keeps for it.
    var documents: DocumentStore { get }
    /// The plugins as last scanned: what a view's `layout` may name.
    var pluginRegistry: PluginRegistry { get }
    /// Reads workspace files (the service adds the unsaved texts of the open data files).
    var loader: WorkspaceLoader { get }

    /// Serves `workspace`'s views as `change` does, as control work, ahead of every view
    /// request read after this call; skipped if `isCurrent` is false by then (a later edit).
    func serve(_ workspace: Workspace, ifCurrent isCurrent: @escaping @Sendable () -> Bool)
    /// Closes the open workspace `name` as control work, ahead of every view request read
    /// after this call.
    func closeWorkspace(named name: String)
    /// The open view `id`'s content size and element count, in words, once it has prepared.
    func preparedSummary(ofView id: String) -> String?
    /// The layout contract of `view`, checked briefly: its violations, or why the layout
    /// refused the view's options or data. Runs the layout: call it in the contract-check lane.
    func contract(of view: ViewDefinition, in workspace: Workspace) -> Result<[Violation], Diagnostic>
    /// Sends the client `notification` with `params`.
    func send(_ notification: LanguageNotification, params: JSONValue)

    /// Runs `body` as documents work, in order with the document methods.
    func enqueueDocuments(_ body: @escaping @Sendable () -> Void)
    /// Runs `body` as documents work once `delay` seconds have passed and the contract
    /// check running then is done; the wait is not work the end of the connection waits for.
    func enqueueDocuments(after delay: Double, _ body: @escaping @Sendable () -> Void)
    /// Runs `body` in the contract-check lane: beside the documents' work, one check at a time.
    func enqueueContractCheck(_ body: @escaping @Sendable () -> Void)
}
