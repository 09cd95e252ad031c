import Dispatch
import Foundation
import LanguageServer

/// The language server's state: the documents an editor has open, their unsaved texts, and
/// the position encoding agreed at `initialize`. Its methods run on `queue`, one at a time in
/// arrival order, beside the control queue — so a completion never waits behind a `change`
/// that waits for a long prepare.
final class DocumentStore: @unchecked Sendable {  // Unchecked: every field is read and written under `lock`.
    let queue = DispatchQueue(label: "workbench.documents")
    /// Contract checks run here, off `queue`, one at a time.
    let checkQueue = DispatchQueue(label: "workbench.contract")
    private let lock = NSLock()
    private var _encoding = PositionEncoding.utf16
    private var workspaces: [String: WorkspaceDocument] = [:]
    /// Open data files (and any other non-workspace file): their unsaved text, by URI.
    private var dataTexts: [String: String] = [:]
    /// The contract checker's findings for a document, and the version they are about.
    private var checked: [String: (version: Int, findings: [Finding])] = [:]

    var encoding: PositionEncoding {
        get { lock.withLock { _encoding } }
        set { lock.withLock { _encoding = newValue } }
    }

    func workspace(_ uri: String) -> WorkspaceDocument? { lock.withLock { workspaces[uri] } }

    var allWorkspaces: [WorkspaceDocument] { lock.withLock { Array(workspaces.values) } }

    func setWorkspace(_ document: WorkspaceDocument) { lock.withLock { workspaces[document.uri] = document } }

    func setDataText(_ text: String?, for uri: String) { lock.withLock { dataTexts[uri] = text } }

    func hasDataText(_ uri: String) -> Bool { lock.withLock { dataTexts[uri] != nil } }

    func dataText(_ uri: String) -> String? { lock.withLock { dataTexts[uri] } }

    /// Forgets a document; returns whether it was a workspace.
    func close(_ uri: String) -> Bool {
        lock.withLock {
            dataTexts[uri] = nil
            checked[uri] = nil
            return workspaces.removeValue(forKey: uri) != nil
        }
    }

    /// The unsaved texts of open data files, by resolved path (`WorkspaceLoader.unsavedFiles`).
    var unsavedFiles: [String: String] {
        lock.withLock {
            Dictionary(dataTexts.compactMap { uri, text in DocumentURI.path(of: uri).map { (DocumentURI.resolved($0), text) } },
                       uniquingKeysWith: { first, _ in first })
        }
    }

    func setChecked(_ findings: [Finding], for uri: String, version: Int) {
        lock.withLock { if workspaces[uri]?.version == version { checked[uri] = (version, findings) } }
    }

    /// The contract checker's findings, if they are about `version`.
    func checkedFindings(_ uri: String, version: Int) -> [Finding] {
        lock.withLock { checked[uri].flatMap { $0.version == version ? $0.findings : nil } ?? [] }
    }
}
