import Foundation
import Glibc
import TestSupport
import Testing

/// `update` with the layout in a plugin process (`--isolation process`): the batch reaches
/// the plugin's `prepare_for_updates` there, as it does in process (`--isolation none`).
struct IsolatedUpdateTests {
    static let everything: [String: Double] = ["x": -1e9, "y": -1e9, "width": 2e9, "height": 2e9]

    /// A response's result as sorted JSON text, to compare answers whole.
    static func text(_ response: [String: Any]?) throws -> String {
        let result = try #require(response?["result"], "\(String(describing: response))")
        return String(
            decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Every answer of a run of batches on the bundled circles and mark-sheet layouts, and
    /// queries of both views on the source after each.
    static func answers(isolation: String) throws -> [String] {
        let client = try ServerClient(arguments: ["--isolation", isolation])
        let sizes = [60, 80, 40, 100, 70, 50, 90, 30, 120, 60, 80, 45]
        let text =
            "workspace: w\nsources:\n  s: {items: \(sizes)}\n  t: {table: {columns: [A, B], rows: [{title: R, values: [1, 2]}, {title: S, values: [3, 4]}, {title: T, values: [5, 6]}]}}\n"
            + "views:\n  a: {layout: circles, source: s}\n  b: {layout: circles, source: s}\n  m: {layout: mark-sheet, source: t}\n"
        #expect(client.request("open", ["text": text, "directory": "."], id: 1)?["result"] != nil)
        let batches: [(String, [[String: Any]])] = [
            ("w/a", [["insert": [0, 0], "value": 50]]),
            (
                "w/a",
                [
                    ["delete": [0, 3]], ["insert": [0, 1], "value": 44], ["reload": [0, 5], "value": 130],
                    ["move": [0, 9], "to": [0, 0]],
                ]
            ),
            ("w/b", [["move": [0, 2], "to": [0, 7]]]),
            (
                "w/m",
                [
                    ["deleteSection": 0], ["insertSection": 1, "title": "N", "values": [7, 8]],
                    ["reload": [1, 1], "value": 9],
                ]
            ),
        ]
        var answers: [String] = []
        var id = 2
        for (view, changes) in batches {
            answers.append(try Self.text(client.request("update", ["view": view, "changes": changes], id: id)))
            for other in ["w/a", "w/b", "w/m"] {
                answers.append(try Self.text(client.request("query", ["view": other, "rect": everything], id: id + 1)))
                id += 1
            }
            id += 1
        }
        #expect(client.finish() == 0)
        return answers
    }

    @Test func updateAnswersTheSameInAChildAsInProcess() throws {
        let isolated = try Self.answers(isolation: "process"), inProcess = try Self.answers(isolation: "none")
        #expect(isolated.count == 16)
        #expect(isolated == inProcess)
    }

    /// The x of each cell of a view, in item order.
    static func xs(_ client: ServerClient, _ view: String, id: Int) -> [Double] {
        let response = client.request("query", ["view": view, "rect": everything], id: id)
        let elements = (response?["result"] as? [String: Any])?["elements"] as? [[String: Any]] ?? []
        return elements.compactMap { ($0["frame"] as? [String: Double])?["x"] }
    }

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
        #expect(Self.xs(client, "faults/incremental", id: 2) == [0, 0, 0, 0, 0], "a full prepare leaves no mark")
        let deleted = client.request("update", ["view": "faults/incremental", "changes": [["delete": [0, 1]]]], id: 3)
        #expect(
            (deleted?["result"] as? [String: Any])?["disappearing"] as? [Any] != nil, "\(String(describing: deleted))")
        // One change; new cells 0, 1, 2, 3 were old 0, 2, 3, 4: x = 100 + old + 1.
        #expect(Self.xs(client, "faults/incremental", id: 4) == [101, 103, 104, 105])
        _ = client.request(
            "update",
            ["view": "faults/incremental", "changes": [["insert": [0, 0], "value": 9], ["delete": [0, 3]]]], id: 5)
        #expect(Self.xs(client, "faults/incremental", id: 6) == [200, 201, 202, 203])
        // A plugin without prepare_for_updates is invalidated and prepared fully; the other view
        // on the source, one batch behind, catches up through its prepare_for_updates.
        _ = client.request("update", ["view": "faults/well", "changes": [["delete": [0, 0]]]], id: 7)
        #expect(Self.xs(client, "faults/well", id: 8) == [0, 0, 0])
        #expect(Self.xs(client, "faults/incremental", id: 13) == [102, 103, 104])
        if isolation == "process" {
            // Children killed: the view's new child is made, given the current data and prepared fully.
            let children = Self.children(of: client.processIdentifier)
            #expect(!children.isEmpty)
            for child in children { kill(child, SIGKILL) }
            var answer = Self.xs(client, "faults/incremental", id: 9)
            // the request that found the child dead failed
            if answer.isEmpty { answer = Self.xs(client, "faults/incremental", id: 10) }
            #expect(answer == [0, 0, 0])
            _ = client.request("update", ["view": "faults/incremental", "changes": [["delete": [0, 0]]]], id: 11)
            #expect(Self.xs(client, "faults/incremental", id: 12) == [102, 103])
        }
        #expect(client.finish() == 0)
    }

    @Test(arguments: ["process", "none"])
    func aFailingPrepareForUpdatesIsReportedAndLeavesTheViewUsable(isolation: String) throws {
        let fixture = try PluginFaultTests.Fixture([.failUpdates])
        let client = try ServerClient(arguments: ["--plugins", fixture.folder.path, "--isolation", isolation])
        _ = client.request("open", ["path": fixture.workspace], id: 1)
        #expect(Self.ys(client, "faults/failupdates", id: 2) == [0, 20, 40, 60, 80])
        let refused = PluginFaultTests.error(
            client.request("update", ["view": "faults/failupdates", "changes": [["delete": [0, 0]]]], id: 3))
        #expect(refused?["code"] as? Int == -32004)
        #expect(
            (refused?["message"] as? String)?.contains("this layout takes no batches") == true,
            "\(String(describing: refused))")
        // Nothing was applied: the view prepares again with the five items it had.
        #expect(Self.ys(client, "faults/failupdates", id: 4) == [0, 20, 40, 60, 80])
        let counts = client.request("update", ["view": "faults/failupdates", "changes": [["delete": [0, 0]]]], id: 5)
        #expect(PluginFaultTests.error(counts)?["code"] as? Int == -32004, "the next batch reaches the plugin again")
        #expect(client.finish() == 0)
    }

    /// The y of each cell of a view, in item order.
    static func ys(_ client: ServerClient, _ view: String, id: Int) -> [Double] {
        let response = client.request("query", ["view": view, "rect": everything], id: id)
        let elements = (response?["result"] as? [String: Any])?["elements"] as? [[String: Any]] ?? []
        return elements.compactMap { ($0["frame"] as? [String: Double])?["y"] }
    }
}
