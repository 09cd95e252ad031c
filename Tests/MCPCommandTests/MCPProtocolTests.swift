import Foundation
import TestSupport
import Testing

/// `workbench mcp` at the protocol's edges, over its real stdio: negotiation, framing errors,
/// requests out of place — each answered, and the server goes on.
struct MCPProtocolTests {
    func initialized(version: String = "2025-06-18") throws -> (ServerClient, [String: Any]?) {
        let client = try ServerClient(subcommand: "mcp")
        let answer = client.request(
            "initialize",
            ["protocolVersion": version, "capabilities": [:], "clientInfo": ["name": "test", "version": "1"]], id: 1)
        client.notify("notifications/initialized")
        return (client, answer)
    }

    func result(_ answer: [String: Any]?) -> [String: Any]? { answer?["result"] as? [String: Any] }
    func errorCode(_ answer: [String: Any]?) -> Int? { (answer?["error"] as? [String: Any])?["code"] as? Int }

    @Test(arguments: [
        ("2025-06-18", "2025-06-18"), ("2025-03-26", "2025-03-26"), ("2099-01-01", "2025-06-18"),
        ("2025-11-25", "2025-06-18"),
    ])
    func theVersionIsNegotiatedDown(asked: String, answered: String) throws {
        let (client, answer) = try initialized(version: asked)
        #expect(result(answer)?["protocolVersion"] as? String == answered)
        #expect(client.finish() == 0)
    }

    @Test func requestsBeforeInitializeAreRefusedButPingIsAnswered() throws {
        let client = try ServerClient(subcommand: "mcp")
        #expect(errorCode(client.request("tools/list", id: 1)) == -32600)
        #expect(errorCode(client.request("tools/call", ["name": "list_plugins"], id: 2)) == -32600)
        #expect(result(client.request("ping", id: 3)) != nil)
        #expect(client.finish() == 0)
    }

    @Test func malformedInputIsAnsweredAndTheServerGoesOn() throws {
        let (client, _) = try initialized()
        client.sendRaw(Data("{\"jsonrpc\": \"2.0\", \"id\": 2, \"method\": ".utf8))
        client.send([["jsonrpc": "2.0", "id": 3, "method": "ping"]])
        #expect(errorCode(client.request("no/such/method", id: 4)) == -32601)
        #expect(errorCode(client.request("resources/read", ["uri": "file:///etc/passwd"], id: 5)) == -32002)
        #expect(errorCode(client.request("tools/call", ["name": "nope"], id: 6)) == -32602)
        client.notify("notifications/cancelled", ["requestId": 99])
        let answer = client.request("tools/call", ["name": "layout_view", "arguments": ["view": 1]], id: 7)
        #expect(result(answer)?["isError"] as? Bool == true)
        let codes = client.messages.compactMap { $0 as? [String: Any] }.filter { $0["id"] is NSNull }.map(errorCode)
        #expect(codes == [-32700, -32600])  // the broken line, then the batch
        #expect(result(client.request("ping", id: 8)) != nil)
        #expect(client.finish() == 0)
    }

    @Test func argumentsThatAreNotAnObjectAreAToolError() throws {
        let (client, _) = try initialized()
        let answer = result(client.request("tools/call", ["name": "list_plugins", "arguments": [1, 2]], id: 2))
        #expect(answer?["isError"] as? Bool == true)
        let text = ((answer?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(text == "invalid arguments: arguments: expected an object, got an array")
        #expect(client.finish() == 0)
    }
}
