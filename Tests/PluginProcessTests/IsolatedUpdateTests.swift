import Foundation
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
        let client = EngineSession(isolation: isolation)
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
    static func xs(_ client: some ProtocolSession, _ view: String, id: Int) -> [Double] {
        let response = client.request("query", ["view": view, "rect": everything], id: id)
        let elements = (response?["result"] as? [String: Any])?["elements"] as? [[String: Any]] ?? []
        return elements.compactMap { ($0["frame"] as? [String: Double])?["x"] }
    }

    @Test(arguments: ["process", "none"])
    func aFailingPrepareForUpdatesIsReportedAndLeavesTheViewUsable(isolation: String) throws {
        let fixture = try PluginFaultTests.Fixture([.failUpdates])
        let client = EngineSession(isolation: isolation, plugins: [fixture.folder.path])
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
    static func ys(_ client: some ProtocolSession, _ view: String, id: Int) -> [Double] {
        let response = client.request("query", ["view": view, "rect": everything], id: id)
        let elements = (response?["result"] as? [String: Any])?["elements"] as? [[String: Any]] ?? []
        return elements.compactMap { ($0["frame"] as? [String: Double])?["y"] }
    }
}
