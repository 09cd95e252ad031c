import Foundation
import TestSupport
import Testing

/// Every error code, and the server still answering correctly after each kind of bad input on
/// its standard input (the engine's own refusals, in process: `EngineErrorTests`).
struct ServerErrorTests {
    static func error(_ response: [String: Any]?) -> [String: Any]? { response?["error"] as? [String: Any] }
    static func code(_ response: [String: Any]?) -> Int? { error(response)?["code"] as? Int }

    /// A client with one good workspace open, to check it keeps working.
    static func clientWithAWorkspace(_ framing: ServerClient.Framing = .lines, arguments: [String] = []) throws
        -> ServerClient
    {
        let client = try ServerClient(framing: framing, arguments: arguments)
        _ = client.request("open", ["path": "Workspaces/circles.yaml"], id: 1000)
        return client
    }

    /// The check after each bad input: the good workspace still answers exactly.
    static func stillServes(_ client: some ProtocolSession, id: Int) -> Bool {
        let response = client.request(
            "query", ["view": "circles/alarms", "element": ["category": "cell", "section": 0, "item": 7]], id: id)
        let element = (response?["result"] as? [String: Any])?["element"] as? [String: Any]
        return element?["frame"] as? [String: Double] == ["x": 75, "y": 400, "width": 200, "height": 200]
    }

    @Test func everyErrorCodeIsProvoked() throws {
        let client = try Self.clientWithAWorkspace()
        client.write(Data("{not json}\n".utf8))
        let parse = try #require(client.message(at: 1) as? [String: Any])
        #expect(Self.code(parse) == -32700 && parse["id"] is NSNull)
        client.send(["id": 2, "method": "plugins"])
        #expect(Self.code(client.response(id: 2)) == -32600)
        #expect(Self.code(client.request("frobnicate", id: 3)) == -32601)
        let invalid = client.request(
            "query", ["view": "circles/alarms", "rect": ["x": 0, "y": "top", "width": 1, "height": 1]], id: 4)
        #expect(Self.code(invalid) == -32602)
        #expect(
            Self.error(invalid)?["message"] as? String
                == "invalid params: params.rect.y: expected a finite number, got a string")
        let workspace = client.request(
            "open", ["text": "views:\n  v: {layout: circles, source: nowhere}\n", "directory": "/tmp"], id: 5)
        #expect(Self.code(workspace) == -32001)
        let data = try #require(Self.error(workspace)?["data"] as? [String: Any])
        #expect(data["line"] as? Int == 2 && data["column"] as? Int == 32)
        #expect(Self.error(workspace)?["message"] as? String == "no source named 'nowhere'; sources: none")
        _ = client.request(
            "open",
            [
                "text":
                    "sources: {s: {items: [1000]}}\nviews:\n  a: {layout: nope, source: s}\n  b: {layout: circles, source: s}\n"
            ], id: 6)
        #expect(Self.code(client.request("prepare", ["view": "workspace/a"], id: 7)) == -32002)
        let layout = client.request("prepare", ["view": "workspace/b"], id: 8)
        #expect(Self.code(layout) == -32004)
        #expect((Self.error(layout)?["data"] as? [String: Any])?["line"] as? Int == 1)
        #expect(
            Self.code(
                client.request(
                    "query", ["view": "nowhere/v", "rect": ["x": 0, "y": 0, "width": 1, "height": 1]], id: 9)) == -32003
        )
        #expect(Self.code(client.request("close", ["workspace": "nowhere"], id: 10)) == -32003)
        #expect(Self.stillServes(client, id: 11))
        #expect(client.finish() == 0)
    }

    @Test(arguments: [
        ("garbage between messages", Data("hello\r\n\r\n".utf8)),
        ("a bad Content-Length", Data("Content-Length: twelve\r\n\r\n".utf8)),
        ("an oversized Content-Length", Data("Content-Length: 5000\r\n\r\n".utf8) + Data(repeating: 0x41, count: 5000)),
        ("invalid UTF-8", Data("Content-Length: 4\r\n\r\n".utf8) + Data([0x22, 0xFF, 0xFE, 0x22])),
        (
            "deeply nested JSON",
            {
                let body = Data(String(repeating: "[", count: 900).utf8);
                return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
            }()
        ),
        ("a truncated message then a good one", Data("Content-Length: 1\r\n\r\n{".utf8)),
    ])
    func badInputGetsAnErrorAndTheServerGoesOn(name: String, bytes: Data) throws {
        let client = try Self.clientWithAWorkspace(.headers, arguments: ["--maximum-message-size", "1000"])
        client.write(bytes)
        let reply = try #require(client.message(at: 1) as? [String: Any], "\(name)")
        #expect(Self.code(reply) == -32700, "\(name)")
        #expect(Self.stillServes(client, id: 1))
        #expect(client.finish() == 0)
    }

    @Test(arguments: 0..<20)
    func fuzzedMessagesNeverStopTheServer(seed: Int) throws {
        let client = try Self.clientWithAWorkspace()
        var random = SplitMix(seed: UInt64(seed))
        let pieces = [
            #"{"jsonrpc":"2.0""#, #","id":"#, "1", #""x""#, #","method":"#, #""query""#, #""open""#, #","params":"#,
            #"{"view":"circles/alarms","rect":{"x":0,"y":0,"width":9,"height":9}}"#, "[", "]", "{", "}", "null", ",",
            "1e999", "\u{FF}",
        ]
        for _ in 0..<10 {
            let line = (0..<random.next(in: 1...8)).map { _ in pieces[random.next(in: 0...(pieces.count - 1))] }
                .joined()
            client.write(Data(line.utf8) + Data("\n".utf8))
        }
        #expect(Self.stillServes(client, id: 77))
        #expect(client.finish() == 0)
    }
}
