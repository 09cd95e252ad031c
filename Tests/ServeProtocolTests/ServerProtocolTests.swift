import Foundation
import TestSupport
import Testing

/// JSON-RPC details a client relies on (issue 8): ids come back exactly as sent, `params: null`
/// means no params, and one view's replies keep their order even when some are cancelled.
struct ServerProtocolTests {
    /// Feeds `lines` to `workbench serve` and returns its status and output lines.
    func serve(_ lines: [String]) throws -> (status: Int32, lines: [String]) {
        let input = Data((lines.joined(separator: "\n") + "\n").utf8)
        let result = try ProcessRunner.run(BuildProducts.executable("workbench"), ["serve"], input: input)
        return (result.status, result.standardOutput.split(separator: "\n").map(String.init))
    }

    @Test func numericIdsAreEchoedByteForByte() throws {
        let ids = ["9007199254740993", "1.50", "-0", "12345678901234567890123", "1E+2", "0.1e-7"]
        let result = try serve(
            ids.map { #"{"jsonrpc":"2.0","id":\#($0),"method":"plugins"}"# }
                + [
                    #"[{"jsonrpc":"2.0","id":9007199254740995,"method":"plugins"},{"jsonrpc":"2.0","id":"x","method":"nope"}]"#
                ])
        #expect(result.status == 0)
        #expect(result.lines.count == ids.count + 1)
        for (line, id) in zip(result.lines, ids) {
            #expect(line.hasPrefix(#"{"id":\#(id),"jsonrpc":"2.0","result":"#))
        }
        let batch = try #require(result.lines.last)
        #expect(batch.hasPrefix(#"[{"id":9007199254740995,"#))
        #expect(batch.contains(#""id":"x""#))
    }

    @Test func nullParamsAreTreatedAsAbsent() throws {
        let result = try serve([
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":null}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"plugins","params":null}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"shutdown","params":null}"#,
            #"{"jsonrpc":"2.0","method":"exit","params":null}"#,
        ])
        #expect(result.status == 0)
        #expect(result.lines.count == 3)
        #expect(result.lines.allSatisfy { $0.contains(#""result":"#) && !$0.contains(#""error":"#) })
    }

    @Test func aCancelledRequestIsAnsweredAfterTheEarlierRequestsOfItsView() throws {
        let client = try ServerClient()
        // All at once, as the issue's reproducer: the open is still running when the cancel arrives.
        client.send(["jsonrpc": "2.0", "id": 1, "method": "open", "params": ["path": "Workspaces/large/large.yaml"]])
        client.send([
            "jsonrpc": "2.0", "id": 2, "method": "query",
            "params": ["view": "large/tree", "rect": ["x": 0, "y": 0, "width": 100, "height": 100]],
        ])
        client.send([
            "jsonrpc": "2.0", "id": 3, "method": "targetContentOffset",
            "params": ["view": "large/tree", "proposed": ["x": 0, "y": 0], "velocity": ["x": 0, "y": 0]],
        ])
        client.notify("$/cancelRequest", ["id": 3])
        _ = client.response(id: 3)
        _ = client.response(id: 2)
        #expect(client.responseOrder == [1, 2, 3])
        #expect(client.finish() == 0)
    }
}
