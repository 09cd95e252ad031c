import FileWatching
import JSON
import WorkspaceModel

extension LanguageHost {
    /// The workspace loader, reading the data files open in the editor from their unsaved text.
    var documentLoader: WorkspaceLoader {
        var documentLoader = loader
        documentLoader.unsavedFiles = documents.unsavedFiles
        return documentLoader
    }

    /// Takes a workspace document's new state: publishes its diagnostics and, when it has no
    /// problem, serves its views as `change` would (as control work, after the requests
    /// before). Open documents it reads as data files become data files. Call from documents work.
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
            // Typing queues many versions: only the latest is served.
            let uri = document.uri, version = document.version
            serve(workspace, ifCurrent: { [documents] in documents.workspace(uri)?.version == version })
        }
        publish(document)
    }

    /// The documents that read the data file at `path` are loaded again (it was edited,
    /// opened or closed in the editor). Call from documents work.
    func dataFileDidChange(_ path: String) {
        let resolved = DocumentURI.resolved(path)
        for var document in documents.allWorkspaces where document.dataFilePaths.contains(resolved) {
            document.reload(with: documentLoader)
            documentDidLoad(document)
        }
    }

    /// Watches the data files `document` reads (or names and cannot read) on disk: one
    /// written, renamed into place, deleted or renamed away loads the document again, so its
    /// diagnostics follow what people do to its folder. Call from documents work.
    func watchDataFiles(of document: WorkspaceDocument) {
        let uri = document.uri, paths = Array(document.dataFilePaths).sorted()
        if let watcher = documents.watcher(of: uri) {
            if watcher.paths != paths { watcher.watch(paths) }
            return
        }
        guard !paths.isEmpty,
            let watcher = try? FileWatcher(
                paths: paths,
                onChange: { [weak self] changed in
                    guard let host = self else { return }
                    host.enqueueDocuments { for path in changed { host.dataFileDidChange(path) } }
                })
        else { return }
        documents.setWatcher(watcher, of: uri)
    }

    /// Publishes every open document's diagnostics again (the plugins changed), as
    /// documents work.
    package func republishDiagnostics() {
        enqueueDocuments { [self] in
            for document in documents.allWorkspaces { publish(document) }
        }
    }

    /// The document's findings: the loader's and the plugins', and the contract checker's when
    /// they are about this version.
    func findings(of document: WorkspaceDocument) -> [Finding] {
        document.findings(plugins: pluginRegistry) + documents.checkedFindings(document.uri, version: document.version)
    }

    /// Publishes the document's findings (`findings(of:)`).
    func publish(_ document: WorkspaceDocument) {
        publish(
            uri: document.uri, version: document.version,
            diagnostics: document.diagnostics(findings(of: document), encoding: documents.encoding))
    }

    func publish(uri: String, version: Int?, diagnostics: [JSONValue]) {
        var params: [(key: String, value: JSONValue)] = [("uri", .string(uri))]
        if let version { params.append(("version", .number(Double(version)))) }
        params.append(("diagnostics", .array(diagnostics)))
        send(.publishDiagnostics, params: .object(params))
    }
}
