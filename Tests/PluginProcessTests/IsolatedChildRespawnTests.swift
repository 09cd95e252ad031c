import Foundation
import Glibc
import TestSupport
import Testing

/// The batch reaches a plugin's `prepare_for_updates` in a real `workbench serve`, and a child
/// killed mid-session is made again with the current data: the children are the server's
/// (read in /proc), so this test drives the process.
struct IsolatedChildRespawnTests {
    /// The plugin processes of the server.
    static func children(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[1]) == parent
        }
    }

    @Test(arguments: ["process", "none"])
    func theBatchReachesThePluginsPrepareForUpdates(isolation: String) throws {
        let fixture = try PluginFaultTests.Fixture([.incremental, .well])
        let client = try ServerClient(arguments: ["--plugins", fixture.folder.path, "--isolation", isolation])
        _ = client.request("open", ["path": fixture.workspace], id: 1)
        #expect(
            IsolatedUpdateTests.xs(client, "faults/incremental", id: 2) == [0, 0, 0, 0, 0],
            "a full prepare leaves no mark")
        let deleted = client.request("update", ["view": "faults/incremental", "changes": [["delete": [0, 1]]]], id: 3)
        #expect(
            (deleted?["result"] as? [String: Any])?["disappearing"] as? [Any] != nil, "\(String(describing: deleted))")
        // One change; new cells 0, 1, 2, 3 were old 0, 2, 3, 4: x = 100 + old + 1.
        #expect(IsolatedUpdateTests.xs(client, "faults/incremental", id: 4) == [101, 103, 104, 105])
        _ = client.request(
            "update",
            ["view": "faults/incremental", "changes": [["insert": [0, 0], "value": 9], ["delete": [0, 3]]]], id: 5)
        #expect(IsolatedUpdateTests.xs(client, "faults/incremental", id: 6) == [200, 201, 202, 203])
        // A plugin without prepare_for_updates is invalidated and prepared fully; the other view
        // on the source, one batch behind, catches up through its prepare_for_updates.
        _ = client.request("update", ["view": "faults/well", "changes": [["delete": [0, 0]]]], id: 7)
        #expect(IsolatedUpdateTests.xs(client, "faults/well", id: 8) == [0, 0, 0])
        #expect(IsolatedUpdateTests.xs(client, "faults/incremental", id: 13) == [102, 103, 104])
        if isolation == "process" {
            // Children killed: the view's new child is made, given the current data and prepared fully.
            let children = Self.children(of: client.processIdentifier)
            #expect(!children.isEmpty)
            for child in children { kill(child, SIGKILL) }
            var answer = IsolatedUpdateTests.xs(client, "faults/incremental", id: 9)
            // the request that found the child dead failed
            if answer.isEmpty { answer = IsolatedUpdateTests.xs(client, "faults/incremental", id: 10) }
            #expect(answer == [0, 0, 0])
            _ = client.request("update", ["view": "faults/incremental", "changes": [["delete": [0, 0]]]], id: 11)
            #expect(IsolatedUpdateTests.xs(client, "faults/incremental", id: 12) == [102, 103])
        }
        #expect(client.finish() == 0)
    }
}
