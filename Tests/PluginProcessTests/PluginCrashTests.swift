import Foundation
import TestSupport
import Testing

/// Plugins that crash or hang, in their own processes (`--isolation process`, the default):
/// the request in the plugin fails, everything else goes on, and the server still ends on time.
struct PluginCrashTests {
    typealias Fixture = PluginFaultTests.Fixture

    static func error(_ response: [String: Any]?) -> [String: Any]? { response?["error"] as? [String: Any] }
    static func items(_ response: [String: Any]?) -> [Int] {
        ((response?["result"] as? [String: Any])?["elements"] as? [[String: Any]])?.compactMap { $0["item"] as? Int }
            ?? []
    }
    static let everything: [String: Double] = ["x": -1e9, "y": -1e9, "width": 2e9, "height": 2e9]

    @Test func aCrashFailsOnlyItsRequestWhileAnotherWorkspaceGoesOn() throws {
        let fixture = try Fixture([.segfault, .abort, .well])
        let client = try ServerClient(arguments: [
            "--plugins", fixture.folder.path, "--plugins", BuildProducts.directory,
        ])
        _ = client.request("open", ["path": "Workspaces/circles.yaml"], id: 1)
        _ = client.request("open", ["path": fixture.workspace], id: 2)
        #expect(client.request("prepare", ["view": "circles/alarms"], id: 3)?["result"] != nil)
        let crash = Self.error(client.request("prepare", ["view": "faults/segfault"], id: 4))
        #expect(crash?["code"] as? Int == -32004)
        #expect(
            crash?["message"] as? String
                == "view 'segfault' (fault-segfault): plugin 'fault-segfault' crashed (SIGSEGV) in prepare")
        let data = crash?["data"] as? [String: Any]
        #expect(
            data?["plugin"] as? String == "fault-segfault" && data?["signal"] as? String == "SIGSEGV"
                && data?["view"] as? String == "segfault")
        let abort = Self.error(client.request("prepare", ["view": "faults/abort"], id: 5))
        #expect((abort?["data"] as? [String: Any])?["signal"] as? String == "SIGABRT")
        // The other workspace, and the fault workspace's good view, answer as before.
        let element = client.request(
            "query", ["view": "circles/alarms", "element": ["category": "cell", "section": 0, "item": 7]], id: 6)
        #expect(
            ((element?["result"] as? [String: Any])?["element"] as? [String: Any])?["frame"] as? [String: Double]
                == ["x": 75, "y": 400, "width": 200, "height": 200])
        #expect(
            Self.items(client.request("query", ["view": "faults/well", "rect": Self.everything], id: 7)) == [
                0, 1, 2, 3, 4,
            ])
        // Two more crashes within the minute, and the plugin is disabled with a clear reason.
        _ = client.request("prepare", ["view": "faults/segfault"], id: 8)
        _ = client.request("prepare", ["view": "faults/segfault"], id: 9)
        let broken = Self.error(client.request("prepare", ["view": "faults/segfault"], id: 10))
        #expect(
            broken?["message"] as? String
                == "view 'segfault' (fault-segfault): plugin 'fault-segfault' is disabled: it crashed 3 times in a minute; reload it to use it again"
        )
        #expect(client.request("shutdown", id: 11)?["result"] is NSNull)
        client.notify("exit")
        #expect(client.finish(closingInput: false) == 0)
    }

    @Test func aViewWorksAgainAfterItsPluginCrashedAndWasRespawned() throws {
        let fixture = try Fixture([.crashOnce])
        // Off: the plugin remembers its crash in a file beside it, which the sandbox would refuse.
        let client = try ServerClient(arguments: ["--plugins", fixture.folder.path, "--sandbox", "off"])
        _ = client.request("open", ["path": fixture.workspace], id: 1)
        #expect(
            (client.request("prepare", ["view": "faults/once"], id: 2)?["result"] as? [String: Any])?["elements"]
                as? Int == 5)
        let crash = Self.error(client.request("query", ["view": "faults/once", "rect": Self.everything], id: 3))
        #expect(
            crash?["message"] as? String
                == "view 'once' (fault-once): plugin 'fault-once' crashed (SIGSEGV) in elements_in_rect")
        // The parent kept the options, data and bounds: a new child is prepared again, unasked.
        #expect(
            Self.items(client.request("query", ["view": "faults/once", "rect": Self.everything], id: 4)) == [
                0, 1, 2, 3, 4,
            ])
        #expect(client.finish() == 0)
    }

    @Test func cancellingAPrepareStuckInAPluginKillsItsChild() throws {
        let fixture = try Fixture([.spin, .well])
        let client = try ServerClient(arguments: ["--plugins", fixture.folder.path])
        _ = client.request("open", ["path": fixture.workspace], id: 1)
        client.send(["jsonrpc": "2.0", "id": 2, "method": "prepare", "params": ["view": "faults/spin"]])
        #expect(
            Self.items(client.request("query", ["view": "faults/well", "rect": Self.everything], id: 3)) == [
                0, 1, 2, 3, 4,
            ])
        client.notify("$/cancelRequest", ["id": 2])
        #expect(Self.error(client.response(id: 2, timeout: 10))?["code"] as? Int == -32800)
        #expect(client.finish() == 0)
    }

    @Test(arguments: ["process", "none"])
    func shutdownAndExitEndTheServerWhateverAPluginDoes(isolation: String) throws {
        let fixture = try Fixture([.spin])
        let client = try ServerClient(arguments: ["--plugins", fixture.folder.path, "--isolation", isolation])
        _ = client.request("open", ["path": fixture.workspace], id: 1)
        client.send(["jsonrpc": "2.0", "id": 2, "method": "prepare", "params": ["view": "faults/spin"]])
        #expect(client.request("shutdown", id: 3)?["result"] is NSNull)
        client.notify("exit")
        #expect(client.finish(closingInput: false) == 0)
    }

    @Test func endOfInputEndsTheServerWithAPluginStuckInThisProcess() throws {
        let fixture = try Fixture([.spin])
        let client = try ServerClient(arguments: ["--plugins", fixture.folder.path, "--isolation", "none"])
        _ = client.request("open", ["path": fixture.workspace], id: 1)
        client.send(["jsonrpc": "2.0", "id": 2, "method": "prepare", "params": ["view": "faults/spin"]])
        #expect(client.finish() == 0)
    }

    @Test func runLosesOnlyTheViewWhosePluginCrashedOrTimedOut() throws {
        let fixture = try Fixture([.segfault, .well, .spin])
        let result = try ProcessRunner.run(
            BuildProducts.executable("workbench"),
            ["run", fixture.workspace, "--plugins", fixture.folder.path, "--timeout", "0.5"])
        #expect(result.status == 1)
        #expect(result.standardOutput.split(separator: "\n").count == 1)
        #expect(result.standardOutput.contains("\"view\":\"well\""))
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "\(fixture.workspace):4:3: error: view 'segfault' (fault-segfault): plugin 'fault-segfault' crashed (SIGSEGV) in prepare"
            ))
        #expect(
            lines.contains(
                "\(fixture.workspace):6:3: error: view 'spin' (fault-spin): plugin 'fault-spin' took longer than 0.5 s in prepare and was stopped"
            ))
        #expect(lines.last == "workbench: 1 view laid out, 2 failed")
    }
}
