import Foundation
import TestSupport
import Testing

/// The engine's own refusals, in process: wrong params named, a failing workspace or layout
/// costing only itself.
struct EngineErrorTests {
    /// An engine with one good workspace open, to check it keeps working.
    static func engineWithAWorkspace() -> EngineSession {
        let client = EngineSession()
        _ = client.request("open", ["path": BuildProducts.repositoryRoot + "/Workspaces/circles.yaml"], id: 1000)
        return client
    }

    @Test func aLayoutErrorAtOneSizeDoesNotStickToTheNext() throws {
        let client = Self.engineWithAWorkspace()
        let narrow = ["x": 0, "y": 0, "width": 100, "height": 300]
        #expect(
            ServerErrorTests.code(client.request("invalidate", ["view": "circles/alarms", "bounds": narrow], id: 1))
                == nil)
        let failed = client.request("prepare", ["view": "circles/alarms"], id: 2)
        #expect(ServerErrorTests.code(failed) == -32004)
        #expect(
            (ServerErrorTests.error(failed)?["message"] as? String)?.contains("does not fit the 60-point row") == true)
        let wide = ["x": 0, "y": 0, "width": 375, "height": 667]
        let invalidated = client.request("invalidate", ["view": "circles/alarms", "bounds": wide], id: 3)
        #expect((invalidated?["result"] as? [String: Any])?["invalidated"] as? Bool == true)
        let prepared = client.request("prepare", ["view": "circles/alarms"], id: 4)
        #expect(
            (prepared?["result"] as? [String: Any])?["contentSize"] as? [String: Double] == [
                "width": 375, "height": 620,
            ])
        #expect(ServerErrorTests.stillServes(client, id: 5))
    }

    @Test(arguments: [
        #"{"jsonrpc":"2.0","id":1,"method":"query","params":{"view":"circles/alarms","rect":{"x":0,"y":0,"width":-5,"height":1}}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"query","params":{"view":"circles/alarms"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"query","params":{"view":"circles/alarms","element":{"category":"bubble","section":0,"item":0}}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"query","params":{"view":"circles/alarms","element":{"category":"cell","section":0.5,"item":0}}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"invalidate","params":{"view":"circles/alarms","bounds":{"x":0}}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"prepare","params":[1,2]}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"prepare","params":{"view":7}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"open","params":{}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"targetContentOffset","params":{"view":"circles/alarms","proposed":{"x":1,"y":1}}}"#,
    ])
    func wrongParamsAreRefusedByName(message: String) throws {
        let client = Self.engineWithAWorkspace()
        client.send(try #require(try JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any]))
        let reply = client.response(id: 1)
        #expect(ServerErrorTests.code(reply) == -32602)
        #expect((ServerErrorTests.error(reply)?["message"] as? String)?.contains("params") == true)
        #expect(ServerErrorTests.stillServes(client, id: 2))
        #expect(client.finish() == 0)
    }

    @Test func aFailingWorkspaceLeavesTheOthersAlone() throws {
        let client = Self.engineWithAWorkspace()
        #expect(ServerErrorTests.code(client.request("open", ["path": "Workspaces/missing.yaml"], id: 1)) == -32001)
        #expect(ServerErrorTests.code(client.request("open", ["text": "views: [\n"], id: 2)) == -32001)
        #expect(ServerErrorTests.stillServes(client, id: 3))
        #expect(client.request("close", ["workspace": "circles"], id: 4)?["result"] is NSNull)
        #expect(ServerErrorTests.code(client.request("prepare", ["view": "circles/alarms"], id: 5)) == -32003)
        #expect(client.finish() == 0)
    }
}
