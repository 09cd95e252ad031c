import EngineProtocol
import JSON
import JSONRPC
import LayoutKit
import Synchronization
import TestSupport
import Testing
import WorkbenchEngine

/// The engine's notifications are values until the wire: an in-process client gets the typed
/// value, and a transport's output writes it — the envelope and its members in the protocol's order.
struct EngineNotificationTests {
    @Test func progressReachesAClientInTheProcessAsTypedValues() throws {
        let received = NotificationLog()
        let client = EngineClientTests.client(onNotification: received.append)
        defer { client.stop() }
        _ = try client.send(OpenRequest(.text(EngineClientTests.workspace, directory: "/"))).get()
        _ = try client.send(PrepareRequest(view: "clients/circles"), workDoneToken: 12).get()
        let steps = received.all.compactMap { $0.params as? ProgressNotification }
        #expect(steps.first?.token == 12)
        #expect(steps.first?.value == .begin(title: "prepare clients/circles"))
        #expect(steps.last?.value == .end)
        #expect(received.all.allSatisfy { $0.method == ProgressNotification.method })
    }

    @Test func anOutputWritesEachNotificationWithItsEnvelope() {
        let output = Written()
        output.send(RPCNotification(ProgressNotification(token: "t", value: .report(percentage: 40))))
        output.send(
            RPCNotification(
                WorkspaceDidChangeNotification(
                    workspace: "w", views: ["w/a"],
                    error: LocatedError(file: "w.yaml", line: 2, column: nil, rendered: "w.yaml:2: error: no"),
                    contentOffsetAdjustments: ["w/b": Point(x: 0, y: 10), "w/a": Point(x: 1, y: 0)],
                    opened: OpenedWorkspace(workspace: "w", views: []), isClosed: true)))
        output.send(
            RPCNotification(
                PluginsDidChangeNotification(
                    changes: ReloadResponse(added: ["a"], changed: [], removed: ["b"], refused: []))))
        #expect(
            output.texts == [
                #"{"jsonrpc":"2.0","method":"$/progress","params":{"token":"t","value":{"kind":"report","percentage":40}}}"#,
                #"{"jsonrpc":"2.0","method":"workspace/didChange","params":{"closed":true,"#
                    + #""error":{"column":null,"file":"w.yaml","line":2,"rendered":"w.yaml:2: error: no"},"#
                    + #""contentOffsetAdjustments":{"w/a":{"x":1,"y":0},"w/b":{"x":0,"y":10}},"#
                    + #""opened":{"views":[],"workspace":"w"},"views":["w/a"],"workspace":"w"}}"#,
                #"{"jsonrpc":"2.0","method":"plugins/didChange","params":{"added":["a"],"changed":[],"refused":[],"removed":["b"]}}"#,
            ])
    }
}

/// Every message written, as text.
private final class Written: MessageOutput, Sendable {
    private let sent = Mutex<[String]>([])
    func send(_ message: [UInt8]) { sent.withLock { $0.append(String(decoding: message, as: UTF8.self)) } }
    var texts: [String] { sent.withLock { $0 } }
}
