import Foundation
import TestSupport
import Testing

/// Drag to reorder over `serve`: a committed move answers as `update` would and leaves the
/// same layout; a cancelled one leaves it untouched; the default target, brute-forced.
struct ServerMoveTests {
    static func workspace(
        _ name: String, layout: String = "guide", source: String = "generate: {sections: 6, items: 6}",
        direction: String = "leftToRight"
    ) -> String {
        """
        workspace: \(name)
        sources:
          data:
            \(source)
        views:
          v:
            layout: \(layout)
            source: data
            viewport: {width: 800, height: 300}
            direction: \(direction)
        """
    }

    static func open(_ client: EngineSession, _ text: String, id: Int) {
        let opened = client.request("open", ["text": text, "directory": "."], id: id)
        #expect(opened?["result"] != nil, "\(String(describing: opened))")
    }

    static func result(_ answer: [String: Any]?) -> [String: Any] {
        (answer?["result"] as? [String: Any]) ?? ["error": answer?["error"] ?? "none"]
    }

    static func everything(_ client: EngineSession, _ view: String, id: Int) -> NSArray {
        let rect: [String: Double] = ["x": -1e6, "y": -1e6, "width": 2e6, "height": 2e6]
        return (result(client.request("query", ["view": view, "rect": rect], id: id))["elements"] as? NSArray) ?? []
    }

    /// The centre of a cell, asked of the view.
    static func centre(_ client: EngineSession, _ view: String, section: Int, item: Int, id: Int) -> [String: Double] {
        let element = result(
            client.request(
                "query", ["view": view, "element": ["category": "cell", "section": section, "item": item]], id: id))[
                "element"]
        let frame = (element as? [String: Any])?["frame"] as? [String: Double] ?? [:]
        return [
            "x": frame["x", default: 0] + frame["width", default: 0] / 2,
            "y": frame["y", default: 0] + frame["height", default: 0] / 2,
        ]
    }

    @Test(arguments: ["leftToRight", "rightToLeft"])
    func aCommittedMoveAnswersAsTheUpdateWouldAndLeavesTheSameLayout(direction: String) throws {
        let client = EngineSession()
        defer { _ = client.finish() }
        Self.open(client, Self.workspace("a", direction: direction), id: 1)
        Self.open(client, Self.workspace("b", direction: direction), id: 2)
        let begin = Self.result(
            client.request(
                "beginMove",
                [
                    "view": "a/v", "element": ["section": 1, "item": 2],
                    "position": Self.centre(client, "a/v", section: 1, item: 2, id: 3),
                ], id: 4))
        let item = try #require(begin["item"] as? [String: Any])
        #expect(item["section"] as? Int == 1 && item["item"] as? Int == 2)
        var id = 10
        for (section, cell) in [(1, 4), (3, 2)] {
            let position = Self.centre(client, "a/v", section: section, item: cell, id: id)
            let step = Self.result(client.request("updateMove", ["view": "a/v", "position": position], id: id + 1))
            #expect(step["target"] as? [Int] == [section, cell], "\(step)")
            let dragged = try #require(step["item"] as? [String: Any])
            let frame = try #require(dragged["frame"] as? [String: Double])
            #expect(
                frame["x", default: 0] + frame["width", default: 0] / 2 == position["x"]
                    && dragged["zIndex"] as? Int ?? 0 >= 3)
            id += 2
        }
        let committed = Self.result(client.request("endMove", ["view": "a/v", "commit": true], id: 50))
        let updated = Self.result(
            client.request("update", ["view": "b/v", "changes": [["move": [1, 2], "to": [3, 2]]]], id: 51))
        #expect(!(committed["moving"] as? [Any] ?? []).isEmpty)
        #expect(NSDictionary(dictionary: committed) == NSDictionary(dictionary: updated))
        #expect(Self.everything(client, "a/v", id: 52) == Self.everything(client, "b/v", id: 53))
    }

    @Test func aCancelledMoveLeavesTheLayoutUntouchedAndMovesTheCellsBack() throws {
        let client = EngineSession()
        defer { _ = client.finish() }
        Self.open(client, Self.workspace("a"), id: 1)
        let before = Self.everything(client, "a/v", id: 2)
        _ = client.request(
            "beginMove", ["view": "a/v", "element": ["section": 2, "item": 1], "position": ["x": 150, "y": 75]], id: 3)
        let step = Self.result(
            client.request(
                "updateMove", ["view": "a/v", "position": Self.centre(client, "a/v", section: 2, item: 4, id: 4)], id: 5
            ))
        #expect(step["target"] as? [Int] == [2, 4])
        let shifted = (step["moving"] as? [[String: Any]] ?? []).compactMap { $0["after"] as? NSDictionary }
        #expect(shifted.count == 3, "items 2…4 each move one slot back")
        let cancelled = Self.result(client.request("endMove", ["view": "a/v", "commit": false], id: 6))
        let restored = Set((cancelled["moving"] as? [[String: Any]] ?? []).compactMap { $0["after"] as? NSDictionary })
        // The shifted cells go back, and the dragged one drops back into its own place.
        #expect(
            restored.count == shifted.count + 1 && restored.isSubset(of: Set(before.compactMap { $0 as? NSDictionary }))
        )
        #expect(restored.contains { $0["section"] as? Int == 2 && $0["item"] as? Int == 1 })
        #expect(Self.everything(client, "a/v", id: 7) == before)
    }

    @Test func theDefaultTargetIsTheCellUnderThePositionElseTheNearestInTheSection() throws {
        let client = EngineSession()
        defer { _ = client.finish() }
        let sizes = (0..<30).map { String(30 + ($0 * 37) % 70) }.joined(separator: ", ")
        Self.open(client, Self.workspace("c", layout: "circles", source: "items: [\(sizes)]"), id: 1)
        let cells = Self.everything(client, "c/v", id: 2).compactMap { $0 as? [String: Any] }
        _ = client.request(
            "beginMove", ["view": "c/v", "element": ["section": 0, "item": 5], "position": ["x": 0, "y": 0]], id: 3)
        var id = 10
        // Gaps between circles' squares, the content's corners and far outside it.
        for (x, y) in [(1.0, 1.0), (400, 5), (799, 150), (-500, -500), (3000, 2500), (120, 400), (60, 65)] {
            let step = Self.result(
                client.request("updateMove", ["view": "c/v", "position": ["x": x, "y": y]], id: id))
            id += 1
            func distance(_ cell: [String: Any]) -> Double {
                let frame = cell["frame"] as! [String: Double]
                let dx = max(frame["x"]! - x, 0, x - frame["x"]! - frame["width"]!),
                    dy = max(frame["y"]! - y, 0, y - frame["y"]! - frame["height"]!)
                return (dx * dx + dy * dy).squareRoot()
            }
            let nearest = cells.map(distance).min()!
            let target = try #require(step["target"] as? [Int], "\(step)")
            let chosen = try #require(cells.first { $0["item"] as? Int == target[1] })
            #expect(distance(chosen) == nearest, "at \(x), \(y): target \(target)")
        }
        _ = client.request("endMove", ["view": "c/v", "commit": false], id: id)
    }

    @Test func oneMovePerViewAndAnyUpdateEndsIt() throws {
        let client = EngineSession()
        defer { _ = client.finish() }
        Self.open(client, Self.workspace("a"), id: 1)
        let begin: [String: Any] = [
            "view": "a/v", "element": ["section": 1, "item": 1], "position": ["x": 10, "y": 10],
        ]
        #expect(Self.result(client.request("beginMove", begin, id: 2))["item"] != nil)
        let second = client.request("beginMove", begin, id: 3)?["error"] as? [String: Any]
        #expect(
            second?["code"] as? Int == -32602
                && (second?["message"] as? String)?.contains("a move is in progress") == true)
        _ = client.request("update", ["view": "a/v", "changes": [["delete": [5, 5]]]], id: 4)
        let after =
            client.request("updateMove", ["view": "a/v", "position": ["x": 10, "y": 10]], id: 5)?["error"]
            as? [String: Any]
        #expect(
            after?["code"] as? Int == -32602
                && (after?["message"] as? String)?.contains("no move is in progress") == true)
    }

    @Test(arguments: [
        (
            #"{"element": {"section": 9, "item": 0}, "position": {"x": 0, "y": 0}}"#,
            "params.element: the view has no cell at [9, 0]"
        ),
        (#"{"element": {"section": 0, "item": 0}}"#, "params.position is missing"),
        (#"{"element": {"section": -1, "item": 0}, "position": {"x": 0, "y": 0}}"#, "params.element.section"),
    ])
    func badMovesAreRefusedNamingTheField(params: String, message: String) throws {
        let client = EngineSession()
        defer { _ = client.finish() }
        Self.open(client, Self.workspace("a"), id: 1)
        var fields = try JSONSerialization.jsonObject(with: Data(params.utf8)) as! [String: Any]
        fields["view"] = "a/v"
        let error = client.request("beginMove", fields, id: 2)?["error"] as? [String: Any]
        #expect(error?["code"] as? Int == -32602)
        #expect((error?["message"] as? String)?.contains(message) == true, "\(String(describing: error))")
    }

    @Test func aTreeTakesNoMoves() throws {
        let client = EngineSession()
        defer { _ = client.finish() }
        Self.open(
            client, Self.workspace("t", layout: "tree", source: "tree: {name: A, children: [{name: B}, {name: C}]}"),
            id: 1)
        let error =
            client.request(
                "beginMove", ["view": "t/v", "element": ["section": 1, "item": 0], "position": ["x": 0, "y": 0]], id: 2)?[
                "error"] as? [String: Any]
        #expect(
            error?["code"] as? Int == -32602
                && (error?["message"] as? String)?.contains("cannot take this move") == true,
            "\(String(describing: error))")
    }
}
