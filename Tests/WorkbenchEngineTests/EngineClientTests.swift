import EngineProtocol
import Foundation
import JSON
import JSONRPC
import LayoutKit
import Sessions
import Synchronization
import TestSupport
import Testing
import WorkbenchEngine
import WorkspaceModel

/// The engine in process, through its typed client: the answers are the sessions' own, errors
/// name the offending field, and notifications arrive as values.
struct EngineClientTests {
    static let workspace = """
        workspace: clients
        sources:
          alarms:
            generate: {sections: 1, items: 300, min: 40, max: 120, seed: 7}
        views:
          circles:
            layout: circles
            source: alarms
            viewport: {width: 375, height: 667}
        """

    static func client(onNotification: @escaping @Sendable (RPCNotification) -> Void = { _ in }) -> EngineClient {
        EngineClient(plugins: BuiltPlugins.inProcess, onNotification: onNotification)
    }

    @Test func aTypedQueryAnswersWhatTheViewsSessionLaysOut() throws {
        let client = Self.client()
        defer { client.stop() }
        let opened = try client.send(OpenRequest(.text(Self.workspace, directory: "/"))).get()
        guard case .workspace(let workspaceOpened) = opened else { Issue.record("a folder opened"); return }
        #expect(workspaceOpened.views.first?.id == "clients/circles")
        let prepared = try client.send(PrepareRequest(view: "clients/circles")).get()

        let workspace = try WorkspaceLoader().load(text: Self.workspace, directory: "/")
        let session = try ViewSession(view: workspace.views[0], in: workspace, plugins: BuiltPlugins.inProcess)
        let size = try session.contentSize()
        #expect(prepared.contentSize.width == size.width)
        #expect(prepared.contentSize.height == size.height)

        for rect in [
            Rect(x: 0, y: 0, width: 375, height: 667), Rect(x: 100, y: 900.5, width: 200, height: 333),
            Rect(x: 0, y: 0, width: size.width, height: size.height),
        ] {
            let answer = try client.send(QueryRequest(view: "clients/circles", rect: rect, labels: true)).get()
                .elements()
            let expected = try session.elements(in: rect)
            #expect(answer.attributes == expected, "rect \(rect)")
            #expect(answer.elements.count == expected.count)
            // Brute force over the whole content: the rect's elements are those whose frames meet it.
            let all = try session.elements(in: Rect(x: 0, y: 0, width: size.width, height: size.height))
            #expect(
                Set(answer.attributes.map(\.element)) == Set(all.filter { $0.frame.intersects(rect) }.map(\.element)))
            // Cells' labels are their data items (generated numbers); nothing else has one.
            for (attributes, label) in zip(answer.attributes, answer.labels) {
                #expect((label != nil) == (attributes.element.category == .cell))
            }
        }
    }

    @Test func errorsNameTheViewOrTheFieldThatWasWrong() throws {
        let client = Self.client()
        defer { client.stop() }
        let unknown = client.send(QueryRequest(view: "nowhere/none", rect: Rect(x: 0, y: 0, width: 1, height: 1)))
        #expect(unknown.failure?.code == RPCError.unknownViewCode)
        #expect(unknown.failure?.message == "no open view 'nowhere/none' (no workspace is open)")

        _ = try client.send(OpenRequest(.text(Self.workspace, directory: "/"))).get()
        let noRect = client.send(QueryRequest.self, params: ["view": "clients/circles"])
        #expect(noRect.failure?.code == -32602)
        #expect(noRect.failure?.message == "invalid params: params.rect or params.element is required")
        let badWidth = client.send(QueryRequest(view: "clients/circles", rect: Rect(x: 0, y: 0, width: -5, height: 1)))
        #expect(badWidth.failure?.code == -32602)
        #expect(badWidth.failure?.message.contains("params.rect") == true)
        #expect(client.send(NoSuchRequest()).failure?.code == -32601)
    }

    @Test func aWatchedWorkspaceEditArrivesAsANotificationValue() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/watched.yaml"
        try Self.workspace.write(toFile: path, atomically: true, encoding: .utf8)
        let received = NotificationLog()
        let client = Self.client(onNotification: received.append)
        defer { client.stop() }
        _ = try client.send(OpenRequest(.path(path), watch: true)).get()
        try Self.workspace.replacingOccurrences(of: "items: 300", with: "items: 12")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let changed = received.wait(for: "workspace/didChange", seconds: 10)
        #expect((changed?.params as? WorkspaceDidChangeNotification)?.workspace == "clients")
        let answer = try client.send(
            QueryRequest(view: "clients/circles", rect: Rect(x: 0, y: 0, width: 1e6, height: 1e6))
        )
        .get().elements()
        #expect(answer.attributes.filter { $0.element.category == .cell }.count == 12)
    }
}

/// A request for a method the engine does not have.
private struct NoSuchRequest: EngineRequest {
    typealias Response = NullResponse
    static let method = "no/such/method"

    init() {}

    init(json params: JSONValue) {}
}

/// Notifications as they arrive, from any thread.
final class NotificationLog: Sendable {
    private let received = Mutex<[RPCNotification]>([])

    func append(_ notification: RPCNotification) { received.withLock { $0.append(notification) } }

    var all: [RPCNotification] { received.withLock { $0 } }

    /// The first notification of `method`, waiting up to `seconds` for it.
    func wait(for method: String, seconds: Double) -> RPCNotification? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let found = received.withLock({ $0.first { $0.method == method } }) { return found }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
