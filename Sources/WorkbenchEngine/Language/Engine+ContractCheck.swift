import ContractCheck
import Dispatch
import LanguageServer
import LayoutChecker
import WorkspaceModel

extension Engine {
    /// The most items a view's data may hold for the contract check to run on it after a save.
    static let contractCheckItemLimit = 20_000

    /// How long a document must stay unedited before its contract is checked, in seconds.
    static let contractCheckIdleDelay = 2.0

    /// Checks the contract of `document` once it has stayed at this version for
    /// `contractCheckIdleDelay` seconds (the editor is idle).
    func checkContractWhenIdle(_ document: WorkspaceDocument) {
        let uri = document.uri, version = document.version
        documents.checkQueue.asyncAfter(deadline: .now() + Self.contractCheckIdleDelay) { [self] in
            enqueueDocuments { [self] in
                if let current = documents.workspace(uri), current.version == version { checkContract(of: current) }
            }
        }
    }

    /// Checks the layout contract (`workbench check`'s invariants, on 8 random rects, each
    /// prepare limited to a second) on the views of a document without problems, off the
    /// documents queue; publishes the violations as warnings at each view's key, and a layout
    /// that refuses its options or data as an error. Dropped if the document changed meanwhile.
    func checkContract(of document: WorkspaceDocument) {
        guard document.problems.isEmpty, let workspace = document.workspace else { return }
        let runner = { () -> ViewChecker in
            var runner = ViewChecker(plugins: plugins, checker: ContractChecker(rectCount: 8))
            runner.timeout = 1
            return runner
        }()
        work.enter()
        documents.checkQueue.async { [self] in
            defer { work.leave() }
            var findings: [Finding] = []
            for view in workspace.views {
                guard documents.workspace(document.uri)?.version == document.version else { return }
                guard (try? plugins.registry.plugin(named: view.layout)) != nil,
                    let data = workspace.sources[view.source]?.data.source,
                    data.numberOfItems <= Self.contractCheckItemLimit
                else { continue }
                switch runner.contract(of: view, in: workspace) {
                case .failure(let diagnostic):
                    let mark = diagnostic.path == document.path ? diagnostic.mark : view.mark
                    findings.append(
                        Finding(mark: mark, severity: .error, code: "layout.refused", message: diagnostic.message))
                case .success(let checked):
                    findings += checked.violations.map { _, violation in
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
