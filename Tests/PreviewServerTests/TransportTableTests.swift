import Foundation
import TestSupport
import Testing

/// One protocol, two transports: every method `workbench serve` answers, sent over its stdio
/// and over the preview's WebSocket, gets the same answer (but for the time a prepare took).
@Suite(.serialized) struct TransportTableTests {
    /// What each request of the script should get: a result, or an error of this code.
    enum Expected {
        case result
        case error(Int)
    }

    static let guide = "\(BuildProducts.repositoryRoot)/Workspaces/tv-guide.yaml"
    static let listings = "tv-guide/listings"

    /// Every method of the table, in an order where each has what it needs, with errors among them.
    static var script: [(message: [String: Any], expected: Expected)] {
        let text = (try? String(contentsOfFile: guide, encoding: .utf8)) ?? ""
        let calls: [(String, [String: Any]?, Expected)] = [
            ("initialize", nil, .result),
            ("open", ["path": guide], .result),
            ("prepare", ["view": listings], .result),
            ("query", ["view": listings, "rect": ["x": 0, "y": 0, "width": 500, "height": 200]], .result),
            ("query", ["view": listings, "element": ["category": "cell", "section": 1, "item": 1]], .result),
            ("invalidate", ["view": listings, "bounds": ["x": 130, "y": 60, "width": 400, "height": 300]], .result),
            (
                "query", ["view": listings, "rect": ["x": 130, "y": 60, "width": 400, "height": 300], "labels": true],
                .result
            ),
            (
                "targetContentOffset",
                ["view": listings, "proposed": ["x": 170, "y": 10], "velocity": ["x": 0, "y": 0]], .result
            ),
            ("plugins", nil, .result),
            ("update", ["view": "tv-guide/demo", "changes": [["insert": [1, 1], "value": 5]]], .result),
            ("update", ["view": "tv-guide/demo", "changes": [["delete": [999, 0]]]], .error(-32602)),
            ("change", ["workspace": "tv-guide", "text": text], .result),
            ("change", ["workspace": "tv-guide", "text": "views: [\n"], .error(-32001)),
            ("reload", [:], .result),
            ("query", ["view": listings, "rect": ["x": 0, "y": 0, "width": -1, "height": 1]], .error(-32602)),
            ("query", ["view": "nowhere/none", "rect": ["x": 0, "y": 0, "width": 1, "height": 1]], .error(-32003)),
            ("frobnicate", nil, .error(-32601)),
            ("close", ["workspace": "tv-guide"], .result),
            ("shutdown", nil, .result),
        ]
        return calls.enumerated().map { index, call in
            var message: [String: Any] = ["jsonrpc": "2.0", "id": index + 1, "method": call.0]
            if let params = call.1 { message["params"] = params }
            return (message, call.2)
        }
    }

    /// Replies by id, with the one figure that differs between runs (a prepare's milliseconds) zeroed.
    static func normalized(_ line: String) -> String {
        line.replacingOccurrences(
            of: #""milliseconds":[0-9.e+-]+"#, with: #""milliseconds":0"#, options: .regularExpression)
    }

    static func id(of line: String) -> Int? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? Int
    }

    @Test func everyMethodAnswersAlikeOverStdioAndTheWebSocket() throws {
        let script = Self.script
        let lines = try script.map {
            String(
                decoding: try JSONSerialization.data(withJSONObject: $0.message, options: [.sortedKeys]), as: UTF8.self)
        }
        let batch =
            #"[{"jsonrpc":"2.0","id":100,"method":"plugins"},{"jsonrpc":"2.0","id":101,"method":"query","params":{}}]"#

        let serve = try ProcessRunner.run(
            BuildProducts.executable("workbench"), ["serve"],
            input: Data(
                (lines.dropLast(2) + [batch] + lines.suffix(2) + [#"{"jsonrpc":"2.0","method":"exit"}"#])
                    .joined(separator: "\n").utf8 + [10]))
        #expect(serve.status == 0)
        var overStdio: [Int: String] = [:], stdioBatch = ""
        for line in serve.standardOutput.split(separator: "\n").map(String.init) {
            if line.hasPrefix("[") {
                stdioBatch = line
            } else if let id = Self.id(of: line) {
                overStdio[id] = Self.normalized(line)
            }
        }

        let preview = try PreviewProcess()
        let socket = try preview.connect()
        var overWebSocket: [Int: String] = [:], webSocketBatch = ""
        for (index, line) in lines.enumerated() {
            if index == lines.count - 2 {  // The batch, before `close` and `shutdown`, as over stdio.
                socket.sendText(batch)
                webSocketBatch = String(decoding: try #require(try socket.receive()).payload, as: UTF8.self)
            }
            socket.sendText(line)
            let reply = try #require(try socket.receive())
            let text = String(decoding: reply.payload, as: UTF8.self)
            overWebSocket[Self.id(of: text) ?? -1] = Self.normalized(text)
        }
        socket.sendText(#"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(try socket.receive()?.opcode == 0x8, "exit closes the WebSocket")
        _ = preview.stop()

        for (index, step) in script.enumerated() {
            let id = index + 1, method = step.message["method"] as! String
            let reply = try #require(overWebSocket[id], "no reply to \(method) over the WebSocket")
            #expect(reply == overStdio[id], "\(method) answered differently:\n\(reply)\n\(overStdio[id] ?? "nothing")")
            switch step.expected {
            case .result: #expect(reply.contains(#""result":"#), "\(method): \(reply)")
            case .error(let code): #expect(reply.contains(#""code":\#(code)"#), "\(method): \(reply)")
            }
        }
        #expect(
            webSocketBatch == stdioBatch && webSocketBatch.hasPrefix(#"[{"id":100,"#)
                && webSocketBatch.contains("-32602"))
    }
}
