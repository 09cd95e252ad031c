import FileWatching
import Foundation
import Synchronization

/// The language service's state: the documents an editor has open, their unsaved texts, the
/// position encoding agreed at `initialize`, and the watchers of their data files. The engine
/// keeps it (`LanguageHost.documents`); the document methods work on it one at a time, on the
/// engine's documents work, beside its control work — so a completion never waits behind a
/// `change` that waits for a long prepare.
package final class DocumentStore: Sendable {
    private let state = Mutex(State())
    /// The data files of the open workspace documents, watched on disk, by document URI.
    private let watchers = Mutex<[String: FileWatcher]>([:])

    package init() {}

    private struct State {
        var encoding = PositionEncoding.utf16
        var workspaces: [String: WorkspaceDocument] = [:]
        /// Open data files (and any other non-workspace file): their unsaved text, by URI.
        var dataTexts: [String: String] = [:]
        /// The contract checker's findings for a document, and the version they are about.
        var checked: [String: (version: Int, findings: [Finding])] = [:]
    }

    package var encoding: PositionEncoding {
        get { state.withLock { $0.encoding } }
        set { state.withLock { $0.encoding = newValue } }
    }

    func workspace(_ uri: String) -> WorkspaceDocument? { state.withLock { $0.workspaces[uri] } }

    var allWorkspaces: [WorkspaceDocument] { state.withLock { Array($0.workspaces.values) } }

    func setWorkspace(_ document: WorkspaceDocument) { state.withLock { $0.workspaces[document.uri] = document } }

    func setDataText(_ text: String?, for uri: String) { state.withLock { $0.dataTexts[uri] = text } }

    func hasDataText(_ uri: String) -> Bool { state.withLock { $0.dataTexts[uri] != nil } }

    func dataText(_ uri: String) -> String? { state.withLock { $0.dataTexts[uri] } }

    /// Forgets a document; returns whether it was a workspace.
    func close(_ uri: String) -> Bool {
        state.withLock { state in
            state.dataTexts[uri] = nil
            state.checked[uri] = nil
            return state.workspaces.removeValue(forKey: uri) != nil
        }
    }

    /// Whether the file at `path` is data: a CSV or JSON file, or one an open workspace reads.
    func isDataFile(_ path: String) -> Bool {
        if ["csv", "json"].contains((path as NSString).pathExtension.lowercased()) { return true }
        let resolved = DocumentURI.resolved(path)
        return allWorkspaces.contains { $0.dataFilePaths.contains(resolved) }
    }

    /// The unsaved texts of open data files, by resolved path (`WorkspaceLoader.unsavedFiles`).
    var unsavedFiles: [String: String] {
        let texts = state.withLock { $0.dataTexts }
        return Dictionary(
            texts.compactMap { uri, text in DocumentURI.path(of: uri).map { (DocumentURI.resolved($0), text) } },
            uniquingKeysWith: { first, _ in first })
    }

    func setChecked(_ findings: [Finding], for uri: String, version: Int) {
        state.withLock { state in
            if state.workspaces[uri]?.version == version { state.checked[uri] = (version, findings) }
        }
    }

    /// The contract checker's findings, if they are about `version`.
    func checkedFindings(_ uri: String, version: Int) -> [Finding] {
        state.withLock { state in state.checked[uri].flatMap { $0.version == version ? $0.findings : nil } ?? [] }
    }

    /// The watcher of the data files of the document at `uri`.
    func watcher(of uri: String) -> FileWatcher? { watchers.withLock { $0[uri] } }

    func setWatcher(_ watcher: FileWatcher, of uri: String) { watchers.withLock { $0[uri] = watcher } }

    /// Stops watching the data files of the document at `uri` (closed in the editor).
    func stopWatching(_ uri: String) {
        watchers.withLock { $0.removeValue(forKey: uri) }?.stop()
    }

    /// Stops watching every document's data files (the connection ends).
    package func stopWatching() {
        for watcher in watchers.withLock({ watchers in
            defer { watchers = [:] }
            return Array(watchers.values)
        }) {
            watcher.stop()
        }
    }
}
