import Foundation
import JSON
import JSONRPC
import Synchronization
import TestSupport

@testable import MCPServer

/// `workbench mcp` in process as its command runs it: an `MCPSession` on a `MessageConnection`,
/// fed whole messages, its output parsed.
final class ConnectedSession: Sendable {
    let output = Replies()
    let session: MCPSession
    let connection: MessageConnection

    init() {
        session = MCPSession(
            plugins: BuiltPlugins.inProcess, output: output, workbenchCheckout: nil, timeout: nil, log: { _ in })
        connection = MessageConnection(handler: session, output: output, log: { _ in })
    }

    deinit { session.client.stop() }

    /// Sends one message as the client wrote it.
    func send(_ text: String) { connection.receive(Array(text.utf8)) }

    /// Sends one request and waits for the reply with its id.
    func call(id: Int, _ method: String, _ params: JSONValue = [:]) -> JSONValue? {
        var writer = JSONWriter()
        writer.json(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": params])
        connection.receive(writer.bytes)
        return output.reply(to: id, seconds: 20)
    }
}

/// The session's output, parsed: replies by id, and everything in order.
final class Replies: MessageOutput, Sendable {
    private let received = Mutex<[JSONValue]>([])

    func send(_ message: [UInt8]) {
        let value = (try? JSONParser.parse(message[...])) ?? .string("unparsable")
        received.withLock { $0.append(value) }
    }

    var messages: [JSONValue] { received.withLock { $0 } }

    func reply(to id: Int, seconds: Double) -> JSONValue? {
        for _ in 0..<Int(seconds * 50) {
            if let reply = received.withLock({ $0.first { $0["id"]?.numberValue == Double(id) } }) { return reply }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }
}
