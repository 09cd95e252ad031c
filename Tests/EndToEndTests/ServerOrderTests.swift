import Foundation
import TestSupport
import Testing

/// Reply order across batches, over real pipes: a batch is answered before a later `shutdown`.
struct ServerOrderTests {
    static let workspace = """
        sources:
          items: {generate: {items: 2000}}
        views:
          a: {layout: circles, source: items}
          b: {layout: circles, source: items}
        """

    /// A batch of control requests, one of view requests, and one of both, each sent in the
    /// same write as the `shutdown` after it; repeated, since the old failure was a race.
    @Test(arguments: ["control", "view", "mixed"])
    func aBatchIsAlwaysAnsweredBeforeALaterShutdown(kind: String) throws {
        let batch: [[String: Any]] = switch kind {
        case "control": [request(2, "plugins"), request(3, "initialize")]
        case "view": [request(2, "prepare", ["view": "workspace/a"]), request(3, "prepare", ["view": "workspace/b"])]
        default: [request(2, "plugins"), request(3, "query", ["view": "workspace/a", "rect": ["x": 0, "y": 0, "width": 50, "height": 50]])]
        }
        for round in 0..<20 {
            let client = try ServerClient(framing: round.isMultiple(of: 2) ? .lines : .headers)
            let messages: [Any] = [request(1, "open", ["text": Self.workspace]), batch, request(4, "shutdown"), ["jsonrpc": "2.0", "method": "exit"]]
            let bodies = try messages.map { try JSONSerialization.data(withJSONObject: $0) }
            client.write(bodies.reduce(into: Data()) { all, body in
                all += round.isMultiple(of: 2) ? body + Data("\n".utf8) : Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
            })
            _ = client.message(at: 2, timeout: 30)
            #expect(client.finish(closingInput: false) == 0)
            let received = client.messages
            #expect(received.count == 3, "round \(round)")
            #expect((received.dropFirst().first as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [2, 3], "round \(round): \(received)")
            #expect((received.last as? [String: Any])?["id"] as? Int == 4, "round \(round): \(received)")
        }
    }

    private func request(_ id: Int, _ method: String, _ params: [String: Any]? = nil) -> [String: Any] {
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        return message
    }
}
