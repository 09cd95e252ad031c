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
        let batch: [[String: Any]] =
            switch kind {
            case "control": [request(2, "plugins"), request(3, "initialize")]
            case "view":
                [request(2, "prepare", ["view": "workspace/a"]), request(3, "prepare", ["view": "workspace/b"])]
            default:
                [
                    request(2, "plugins"),
                    request(3, "query", ["view": "workspace/a", "rect": ["x": 0, "y": 0, "width": 50, "height": 50]]),
                ]
            }
        for round in 0..<20 {
            let client = try ServerClient(framing: round.isMultiple(of: 2) ? .lines : .headers)
            let messages: [Any] = [
                request(1, "open", ["text": Self.workspace]), batch, request(4, "shutdown"),
                ["jsonrpc": "2.0", "method": "exit"],
            ]
            let bodies = try messages.map { try JSONSerialization.data(withJSONObject: $0) }
            client.write(
                bodies.reduce(into: Data()) { all, body in
                    all +=
                        round.isMultiple(of: 2)
                        ? body + Data("\n".utf8) : Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
                })
            _ = client.message(at: 2, timeout: 30)
            #expect(client.finish(closingInput: false) == 0)
            let received = client.messages
            #expect(received.count == 3, "round \(round)")
            #expect(
                (received.dropFirst().first as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [2, 3],
                "round \(round): \(received)")
            #expect((received.last as? [String: Any])?["id"] as? Int == 4, "round \(round): \(received)")
        }
    }

    /// A batch about a slow view and a fast one holds back a later reply about the fast view
    /// until the array is written: one view's replies stay in request order.
    @Test(arguments: [ServerClient.Framing.lines, .headers])
    func aLaterReplyAboutABatchsViewWaitsForTheBatch(framing: ServerClient.Framing) throws {
        let client = try ServerClient(framing: framing)
        let text = """
            sources:
              huge: {generate: {items: 1500000}}
              small: {items: [120, 80]}
            views:
              huge: {layout: circles, source: huge}
              small: {layout: circles, source: small}
            """
        let opened = client.request("open", ["text": text], id: 1)
        #expect(opened?["result"] != nil, "\(String(describing: opened))")
        #expect(client.request("prepare", ["view": "workspace/small"], id: 2)?["result"] != nil)
        let rect: [String: Any] = ["x": 0, "y": 0, "width": 400, "height": 400]
        client.send([
            request(10, "prepare", ["view": "workspace/huge"]),
            request(11, "query", ["view": "workspace/small", "rect": rect]),
        ])
        client.send(request(12, "query", ["view": "workspace/small", "rect": rect]))
        client.send(request(13, "plugins"))
        // A reply about no view of the batch is not held back.
        #expect(client.response(id: 13)?["result"] is [Any])
        client.notify("$/cancelRequest", ["id": 10])
        #expect(client.response(id: 12) != nil)
        let order = client.messages.dropFirst(2).map {
            ($0 as? [[String: Any]]).map { "batch \($0.compactMap { $0["id"] as? Int })" }
                ?? "\(($0 as? [String: Any])?["id"] ?? "?")"
        }
        #expect(order == ["13", "batch [10, 11]", "12"])
        #expect(client.finish() == 0)
    }

    private func request(_ id: Int, _ method: String, _ params: [String: Any]? = nil) -> [String: Any] {
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        return message
    }
}
