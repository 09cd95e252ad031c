import WorkspaceModel

/// The most items a view's data may hold for the contract check to run on it after a save.
let contractCheckItemLimit = 20_000

/// How long a document must stay unedited before its contract is checked, in seconds.
let contractCheckIdleDelay = 2.0

extension LanguageHost {
    /// Checks the contract of `document` once it has stayed at this version for
    /// `contractCheckIdleDelay` seconds (the editor is idle).
    func checkContractWhenIdle(_ document: WorkspaceDocument) {
        let uri = document.uri, version = document.version
        enqueueDocuments(after: contractCheckIdleDelay) { [self] in
            if let current = documents.workspace(uri), current.version == version { checkContract(of: current) }
        }
    }

    /// Checks the layout contract (`LanguageHost.contract(of:in:)`) on the views of a document
    /// without problems, in the contract-check lane; publishes the violations as warnings at
    /// each view's key, and a layout that refuses its options or data as an error. Dropped if
    /// the document changed meanwhile.
    func checkContract(of document: WorkspaceDocument) {
        guard document.problems.isEmpty, let workspace = document.workspace else { return }
        enqueueContractCheck { [self] in
            var findings: [Finding] = []
            for view in workspace.views {
                guard documents.workspace(document.uri)?.version == document.version else { return }
                guard (try? pluginRegistry.plugin(named: view.layout)) != nil,
                    let data = workspace.sources[view.source]?.data.source,
                    data.numberOfItems <= contractCheckItemLimit
                else { continue }
                switch contract(of: view, in: workspace) {
                case .failure(let diagnostic):
                    let mark = diagnostic.path == document.path ? diagnostic.mark : view.mark
                    findings.append(
                        Finding(mark: mark, severity: .error, code: "layout.refused", message: diagnostic.message))
                case .success(let violations):
                    findings += violations.map { violation in
                        Finding(
                            mark: view.mark, severity: .warning, code: "contract.\(violation.invariant.rawValue)",
                            message:
                                "view '\(view.name)' (\(view.layout)) breaks the layout contract: \(violation.description)"
                        )
                    }
                }
            }
            documents.setChecked(findings, for: document.uri, version: document.version)
            enqueueDocuments { [self] in
                if let current = documents.workspace(document.uri), current.version == document.version {
                    publish(current)
                }
            }
        }
    }
}
