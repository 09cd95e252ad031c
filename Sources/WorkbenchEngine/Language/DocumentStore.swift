import Dispatch
import Foundation
import LanguageServer
import Synchronization

/// The language server's state: the documents an editor has open, their unsaved texts, and
/// the position encoding agreed at `initialize`. Its methods run on `queue`, one at a time in
/// arrival order, beside the control queue — so a completion never waits behind a `change`
/// that waits for a long prepare.
final class DocumentStore: Sendable {
    let queue = DispatchQueue(label: "workbench.documents")
    /// Contract checks run here, off `queue`, one at a time.
    let checkQueue = DispatchQueue(label: "workbench.contract")
    private let state = Mutex(State())

    private struct State {
        var encoding = PositionEncoding.utf16
        var workspaces: [String: WorkspaceDocument] = [:]
        /// Open data files (and any other non-workspace file): their unsaved text, by URI.
        var dataTexts: [String: String] = [:]
        /// The contract checker's findings for a document, and the version they are about.
        var checked: [String: (version: Int, findings: [Finding])] = [:]
    }

    var encoding: PositionEncoding {
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
}
