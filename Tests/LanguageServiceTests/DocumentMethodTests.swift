import Foundation
import JSON
import LayoutChecker
import PluginHost
import RequestParams
import SourceDiagnostics
import Synchronization
import TestSupport
import Testing
import WorkspaceModel

@testable import LanguageService

/// A host that runs each lane at once, on the calling thread, and records what the language
/// service asks of it; an idle wait is kept until `runIdleWork`.
final class RecordingHost: LanguageHost {
    struct Record {
        var served: [String] = []
        var closed: [String] = []
        var summariesAsked: [String] = []
        var checkedViews: [String] = []
        var notifications: [(LanguageNotification, JSONValue)] = []
        var idleDelays: [Double] = []
        var idleWork: [@Sendable () -> Void] = []
    }

    let documents = DocumentStore()
    let pluginRegistry = BuiltPlugins.registry
    let loader = WorkspaceLoader()
    /// What `contract(of:in:)` answers for every view.
    let violations: [Violation]
    let summaries: [String: String]
    let record = Mutex(Record())

    init(violations: [Violation] = [], summaries: [String: String] = [:]) {
        self.violations = violations
        self.summaries = summaries
    }

    func serve(_ workspace: Workspace, ifCurrent isCurrent: @escaping @Sendable () -> Bool) {
        if isCurrent() { record.withLock { $0.served.append(workspace.name) } }
    }

    func closeWorkspace(named name: String) { record.withLock { $0.closed.append(name) } }

    func preparedSummary(ofView id: String) -> String? {
        record.withLock { $0.summariesAsked.append(id) }
        return summaries[id]
    }

    func contract(of view: ViewDefinition, in workspace: Workspace) -> Result<[Violation], Diagnostic> {
        record.withLock { $0.checkedViews.append(view.name) }
        return .success(violations)
    }

    func send(_ notification: LanguageNotification, params: JSONValue) {
        record.withLock { $0.notifications.append((notification, params)) }
    }

    func enqueueDocuments(_ body: @escaping @Sendable () -> Void) { body() }

    func enqueueDocuments(after delay: Double, _ body: @escaping @Sendable () -> Void) {
        record.withLock {
            $0.idleDelays.append(delay)
            $0.idleWork.append(body)
        }
    }

    func enqueueContractCheck(_ body: @escaping @Sendable () -> Void) { body() }

    /// Runs the work kept for an idle editor.
    func runIdleWork() {
        for body in record.withLock({ record in
            defer { record.idleWork = [] }
            return record.idleWork
        }) {
            body()
        }
    }

    /// Each `textDocument/publishDiagnostics` sent: its version and its diagnostics' codes.
    var published: [(version: Int?, codes: [String])] {
        record.withLock { record in
            record.notifications.compactMap { notification, params in
                guard notification == .publishDiagnostics, case .array(let diagnostics)? = params["diagnostics"] else {
                    return nil
                }
                let version: Int? = if case .number(let number)? = params["version"] { Int(number) } else { nil }
                return (
                    version,
                    diagnostics.map { diagnostic in
                        if case .string(let code)? = diagnostic["code"] { code } else { "" }
                    }
                )
            }
        }
    }
}

/// The document methods against a host that records what they ask of it: the language
/// service reaches the engine only through `LanguageHost`.
struct DocumentMethodTests {
    static let text = "workspace: w\nsources:\n  s: {items: [60, 80]}\nviews:\n  v: {layout: circles, source: s}\n"

    let folder: TemporaryFolder
    let uri: String

    init() throws {
        folder = try TemporaryFolder()
        uri = DocumentURI.uri(ofPath: folder.path + "/w.yaml")
    }

    func open(_ host: RecordingHost, _ text: String = Self.text) throws {
        _ = try DidOpenMethod.run(
            Params(["textDocument": ["uri": .string(uri), "languageId": "yaml", "version": 1, "text": .string(text)]]),
            host: host)
    }

    static func result(_ bytes: [UInt8]) throws -> JSONValue { try JSONParser.parse(bytes[...]) }

    @Test func anOpenedWorkspaceIsServedDiagnosedAndItsContractCheckedWarnsAtTheView() throws {
        let host = RecordingHost(violations: [Violation(.deterministic, nil, "two runs differ")])
        try open(host)
        let record = host.record.withLock { $0 }
        #expect(record.served == ["w"])
        #expect(record.checkedViews == ["v"])
        #expect(host.published.map(\.version) == [1, 1])
        #expect(host.published.map(\.codes) == [[], ["contract.deterministic"]])
    }

    @Test func aDocumentWithProblemsIsNeitherServedNorChecked() throws {
        let host = RecordingHost()
        try open(host, "views:\n  v: {layout: nope, source: s}\n")
        let record = host.record.withLock { $0 }
        #expect(record.served.isEmpty && record.checkedViews.isEmpty)
        #expect(host.published.map(\.codes) == [["workspace.view"]])
    }

    @Test func anEditIsServedAtOnceAndCheckedOnlyOnceTheEditorIsIdle() throws {
        let host = RecordingHost(violations: [Violation(.deterministic, nil, "two runs differ")])
        try open(host)
        let change: JSONValue = [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [["text": .string(Self.text.replacingOccurrences(of: "80", with: "90"))]],
        ]
        _ = try DidChangeMethod.run(Params(change), host: host)
        #expect(host.record.withLock { $0.served } == ["w", "w"])
        #expect(host.record.withLock { $0.idleDelays } == [2])
        #expect(host.published.last?.version == 2 && host.published.last?.codes == [])
        host.runIdleWork()
        #expect(host.record.withLock { $0.checkedViews } == ["v", "v"])
        #expect(host.published.last?.version == 2 && host.published.last?.codes == ["contract.deterministic"])
    }

    @Test func hoverOnAViewAsksTheHostForItsPreparedSummary() throws {
        let host = RecordingHost(summaries: ["w/v": "content size 375 × 140, 2 elements"])
        try open(host)
        let hover = try Self.result(
            HoverMethod.run(
                Params(["textDocument": ["uri": .string(uri)], "position": ["line": 4, "character": 2]]), host: host))
        guard case .string(let value)? = hover["contents"]?["value"] else {
            Issue.record("no hover text: \(hover)")
            return
        }
        #expect(value.hasSuffix("\n\ncontent size 375 × 140, 2 elements"))
        #expect(host.record.withLock { $0.summariesAsked } == ["w/v"])
    }

    @Test func closingAWorkspaceClosesItsViewsAndClearsItsDiagnostics() throws {
        let host = RecordingHost()
        try open(host)
        _ = try DidCloseMethod.run(Params(["textDocument": ["uri": .string(uri)]]), host: host)
        #expect(host.record.withLock { $0.closed } == ["w"])
        #expect(host.published.last?.version == nil && host.published.last?.codes == [])
        #expect(throws: Error.self) {
            try CodeLensMethod.run(Params(["textDocument": ["uri": .string(uri)]]), host: host)
        }
    }

    @Test func theOpenInPreviewCommandTellsThePersonAtTheEditor() throws {
        let host = RecordingHost()
        let result = try Self.result(
            ExecuteCommandMethod.run(
                Params(["command": "workbench.openPreview", "arguments": ["file:///tmp/w.yaml", "v"]]), host: host))
        #expect(result["commandLine"] == "workbench preview /tmp/w.yaml --port 8080")
        let notifications = host.record.withLock { $0.notifications }
        #expect(notifications.map { $0.0 } == [.showMessage])
        #expect(
            notifications.first?.1["message"]
                == "Preview of view 'v': run `workbench preview /tmp/w.yaml --port 8080`, then open http://127.0.0.1:8080/#v"
        )
    }
}
