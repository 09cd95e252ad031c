import Foundation
import JSON
import JSONRPC
import Synchronization
import TestSupport
import Testing
import WorkbenchEngine

/// The engine over JSON-RPC messages in process, as serve and the preview drive it: the
/// order of the kinds of work (`EngineWork`) holds without the client waiting between requests.
struct EngineConnectionTests {
    @Test func viewRequestsSentRightAfterOpenSeeTheWorkspaceAndAnswerInOrder() throws {
        let output = CollectedMessages()
        let connection = EngineConnection(
            plugins: BuiltPlugins.inProcess, output: output, log: { _ in })
        connection.start()
        var open = JSONWriter()
        open.json(["text": .string(EngineClientTests.workspace), "directory": "/"])
        connection.receive(
            Array(#"{"jsonrpc":"2.0","id":1,"method":"open","params":"#.utf8) + open.bytes + [UInt8(ascii: "}")])
        // Not waiting for `open`: each request is queued behind what came before it.
        let rect = #""rect":{"x":0,"y":0,"width":375,"height":667}"#
        connection.receive(
            Array(#"{"jsonrpc":"2.0","id":2,"method":"query","params":{"view":"clients/circles",\#(rect)}}"#.utf8))
        connection.receive(
            Array(
                #"[{"jsonrpc":"2.0","id":3,"method":"prepare","params":{"view":"clients/circles"}},{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":99}},{"jsonrpc":"2.0","id":4,"method":"query","params":{"view":"clients/circles",\#(rect)}}]"#
                    .utf8))
        connection.receive(
            Array(#"{"jsonrpc":"2.0","id":5,"method":"query","params":{"view":"clients/circles",\#(rect)}}"#.utf8))
        connection.receive(Array(#"{"jsonrpc":"2.0","id":6,"method":"shutdown"}"#.utf8))
        let messages = output.wait(count: 5, seconds: 20)
        #expect(connection.stop() == 0)

        #expect(messages.count == 5)
        let ids = messages.map { message -> [Double] in
            if case .array(let replies) = message { return replies.compactMap { $0["id"]?.numberValue } }
            return [message["id"]?.numberValue ?? -1]
        }
        #expect(ids == [[1], [2], [3, 4], [5], [6]])
        for message in messages {
            for reply in message.arrayValue ?? [message] { #expect(reply["error"] == nil, "\(reply)") }
        }
        #expect(messages[1]["result"]?["elements"] == messages[2].arrayValue?[1]["result"]?["elements"])
        #expect(messages[1]["result"]?["elements"]?.arrayValue?.isEmpty == false)
    }

    @Test func aViewRequestSentRightAfterShutdownIsRefusedNotRun() throws {
        let output = CollectedMessages()
        let connection = EngineConnection(plugins: BuiltPlugins.inProcess, output: output, log: { _ in })
        connection.start()
        var open = JSONWriter()
        open.json(["text": .string(EngineClientTests.workspace), "directory": "/"])
        let rect = #""rect":{"x":0,"y":0,"width":375,"height":667}"#
        // One batch: the query is read while `open` and `shutdown` are still queued.
        connection.receive(
            Array(#"[{"jsonrpc":"2.0","id":1,"method":"open","params":"#.utf8) + open.bytes
                + Array(
                    #"},{"jsonrpc":"2.0","id":2,"method":"shutdown"},{"jsonrpc":"2.0","id":3,"method":"query","params":{"view":"clients/circles",\#(rect)}}]"#
                        .utf8))
        let messages = output.wait(count: 1, seconds: 20)
        #expect(connection.stop() == 0)
        let replies = messages.first?.arrayValue ?? []
        #expect(replies.map { $0["id"]?.numberValue } == [1, 2, 3])
        #expect(replies.last?["error"]?["code"]?.numberValue == -32600)
        #expect(
            replies.last?["error"]?["message"]?.stringValue
                == "invalid request: the server has shut down; only 'exit' is accepted")
    }
}

/// A transport's output, parsed: every whole message sent, in order.
final class CollectedMessages: MessageOutput, Sendable {
    private let messages = Mutex<[JSONValue]>([])

    func send(_ message: [UInt8]) {
        let value = (try? JSONParser.parse(message[...])) ?? .string("unparsable")
        messages.withLock { $0.append(value) }
    }

    /// The messages sent once there are `count` of them, or after `seconds`.
    func wait(count: Int, seconds: Double) -> [JSONValue] {
        for _ in 0..<Int(seconds * 50) {
            let sent = messages.withLock { $0 }
            if sent.count >= count { return sent }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return messages.withLock { $0 }
    }
}
