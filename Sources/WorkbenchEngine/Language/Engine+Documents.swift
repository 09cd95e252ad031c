import FileWatching
import JSON
import JSONOutput
import JSONRPC
import LanguageServer
import WorkspaceModel

extension Engine {
    /// The workspace loader, reading the data files open in the editor from their unsaved text.
    var documentLoader: WorkspaceLoader {
        var documentLoader = loader
        documentLoader.unsavedFiles = documents.unsavedFiles
        return documentLoader
    }

    /// Takes a workspace document's new state: publishes its diagnostics and, when it has no
    /// problem, serves its views as `change` would (on the control queue, after the requests
    /// before). Open documents it reads as data files become data files. Call on the documents queue.
    func documentDidLoad(_ document: WorkspaceDocument) {
        var document = document
        let dataFiles = document.dataFilePaths
        let dataDocuments =
            dataFiles.isEmpty
            ? [] : documents.allWorkspaces.filter { dataFiles.contains(DocumentURI.resolved($0.path)) }
        for data in dataDocuments where data.uri != document.uri {
            _ = documents.close(data.uri)
            documents.setDataText(data.lines.text, for: data.uri)
            publish(uri: data.uri, version: data.version, diagnostics: [])
        }
        if !dataDocuments.isEmpty { document.reload(with: documentLoader) }
        documents.setWorkspace(document)
        watchDataFiles(of: document)
        if document.problems.isEmpty, let workspace = document.workspace {
            // Queued before the diagnostics go out: a request sent after them sees these views.
            let uri = document.uri, version = document.version
            enqueueControlBeforeViews { [self] in
                // Typing queues many versions: only the latest is served.
                guard documents.workspace(uri)?.version == version else { return }
                _ = replaceWorkspace(workspace.name, with: workspace, keepingViews: true)
                state.watcher(of: workspace.name)?.watch(workspace.filePaths)
            }
        }
        publish(document)
    }

    /// The documents that read the data file at `path` are loaded again (it was edited,
    /// opened or closed in the editor). Call on the documents queue.
    func dataFileDidChange(_ path: String) {
        let resolved = DocumentURI.resolved(path)
        for var document in documents.allWorkspaces where document.dataFilePaths.contains(resolved) {
            document.reload(with: documentLoader)
            documentDidLoad(document)
        }
    }

    /// Watches the data files `document` reads (or names and cannot read) on disk: one
    /// written, renamed into place, deleted or renamed away loads the document again, so its
    /// diagnostics follow what people do to its folder. Call on the documents queue.
    func watchDataFiles(of document: WorkspaceDocument) {
        let uri = document.uri, paths = Array(document.dataFilePaths).sorted()
        if let watcher = documentWatchers.withLock({ $0[uri] }) {
            if watcher.paths != paths { watcher.watch(paths) }
            return
        }
        guard !paths.isEmpty,
            let watcher = try? FileWatcher(
                paths: paths,
                onChange: { [weak self] changed in
                    guard let engine = self else { return }
                    engine.enqueueDocuments { for path in changed { engine.dataFileDidChange(path) } }
                })
        else { return }
        documentWatchers.withLock { $0[uri] = watcher }
    }

    /// Stops watching the data files of the document at `uri` (closed in the editor).
    func stopWatchingDataFiles(of uri: String) {
        documentWatchers.withLock { $0.removeValue(forKey: uri) }?.stop()
    }

    /// Every open document's diagnostics again (the plugins changed). Runs on the documents queue.
    func documentsDidChangePlugins() {
        enqueueDocuments { [self] in
            for document in documents.allWorkspaces { publish(document) }
        }
    }

    /// Publishes the document's findings: the loader's and the plugins', and the contract
    /// checker's when they are about this version.
    func publish(_ document: WorkspaceDocument) {
        let findings =
            document.findings(plugins: plugins.registry)
            + documents.checkedFindings(document.uri, version: document.version)
        publish(
            uri: document.uri, version: document.version,
            diagnostics: document.diagnostics(findings, encoding: documents.encoding))
    }

    func publish(uri: String, version: Int?, diagnostics: [JSONValue]) {
        var params: [(key: String, value: JSONValue)] = [("uri", .string(uri))]
        if let version { params.append(("version", .number(Double(version)))) }
        params.append(("diagnostics", .array(diagnostics)))
        notify(.publishDiagnostics, params: .object(params))
    }

    /// Sends `notification` with `params`.
    func notify(_ notification: ClientNotification, params: JSONValue) {
        notify(notification.message { $0.json(params) })
    }
}

extension Params {
    /// `textDocument.uri`.
    func documentURI() throws(RPCError) -> String {
        try object("textDocument").string("uri")
    }

    /// `{line, character}` at `key`, whole numbers checked before conversion.
    func position(_ key: String = "position") throws(RPCError) -> Position {
        let position = try object(key)
        return Position(line: try position.integer("line"), character: try position.integer("character"))
    }

    /// The open workspace document `textDocument.uri` of `engine`; nil for an open data file.
    func workspaceDocument(in engine: Engine) throws(RPCError) -> WorkspaceDocument? {
        let uri = try documentURI()
        if let document = engine.documents.workspace(uri) { return document }
        if engine.documents.hasDataText(uri) { return nil }
        throw .invalidParams("params.textDocument.uri: '\(uri)' is not open (send textDocument/didOpen first)")
    }
}
