import Foundation
import TestSupport
import Testing

/// `transition` over `serve`, between every pair of bundled layouts that can show the same
/// source: the lists against fresh views of both layouts (brute force), the anchor kept on
/// screen, and the view keeping its new layout.
struct ServerTransitionTests {
    /// Sources, and the bundled layouts that can show each.
    static let sources: [(yaml: String, layouts: [String])] = [
        (
            "items: [60, 80, 40, 100, 70, 50, 90, 30, 120, 60, 80, 45, 110, 65, 75, 95, 55, 85]",
            ["circles", "waterfall", "guide", "mark-sheet"]
        ),
        ("generate: {sections: 8, items: 9}", ["waterfall", "guide", "mark-sheet"]),
        (
            "table: {columns: [A, B, C], rows: [{title: a, values: [1, 2, 3]}, {title: b, values: [4, 5, 6]}, {title: c, values: [7, 8, 9]}, {title: d, values: [1, 5, 9]}]}",
            ["waterfall", "guide", "mark-sheet"]
        ),
        (
            "tree: {name: A, children: [{name: B, children: [{name: D}, {name: E}]}, {name: C, children: [{name: F}]}]}",
            ["guide", "tree"]
        ),
    ]

    static var pairs: [(source: Int, from: String, to: String)] {
        sources.indices.flatMap { index in
            sources[index].layouts.flatMap { from in
                sources[index].layouts.filter { $0 != from }.map { (index, from, $0) }
            }
        }
    }

    static func workspace(_ name: String, layout: String, source: String) -> String {
        "workspace: \(name)\nsources:\n  data:\n    \(source)\nviews:\n  v: {layout: \(layout), source: data, viewport: {width: 160, height: 120}}\n"
    }

    static func result(_ answer: [String: Any]?) -> [String: Any] {
        answer?["result"] as? [String: Any] ?? ["error": answer?["error"] ?? "none"]
    }

    /// Every element of the view's layout, keyed by identity.
    static func all(_ client: EngineSession, _ view: String, id: Int) -> [String: NSDictionary] {
        let rect: [String: Double] = ["x": -1e6, "y": -1e6, "width": 2e6, "height": 2e6]
        let elements =
            result(client.request("query", ["view": view, "rect": rect], id: id))["elements"] as? [NSDictionary] ?? []
        return Dictionary(elements.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func key(_ element: NSDictionary) -> String {
        "\(element["category"]!)/\(element["kind"] ?? "-")/\(element["section"]!)/\(element["item"]!)"
    }

    static func frame(_ element: NSDictionary) -> [String: Double] { element["frame"] as! [String: Double] }

    static func intersects(_ element: NSDictionary, _ bounds: [String: Double]) -> Bool {
        let f = frame(element)
        return f["x"]! < bounds["x"]! + bounds["width"]! && bounds["x"]! < f["x"]! + f["width"]!
            && f["y"]! < bounds["y"]! + bounds["height"]! && bounds["y"]! < f["y"]! + f["height"]!
    }

    @Test(arguments: pairs.map { "\($0.source) \($0.from) \($0.to)" })
    func aTransitionAnswersBothLayoutsOwnQueriesAndKeepsTheAnchor(pair: String) throws {
        let parts = pair.split(separator: " ").map(String.init)
        let source = Self.sources[Int(parts[0])!].yaml, from = parts[1], to = parts[2]
        let client = EngineSession()
        defer { _ = client.finish() }
        for (index, (name, layout)) in [("a", from), ("old", from), ("new", to)].enumerated() {
            let opened = client.request(
                "open", ["text": Self.workspace(name, layout: layout, source: source), "directory": "."], id: 30 + index
            )
            #expect(opened?["result"] != nil, "\(String(describing: opened))")
        }
        // Scroll a little, so that anchoring has something to keep.
        let content =
            Self.result(client.request("prepare", ["view": "a/v"], id: 2))["contentSize"] as? [String: Double] ?? [:]
        let oldBounds = [
            "x": min(30, max(0, content["width", default: 0] - 160)),
            "y": min(45, max(0, content["height", default: 0] - 120)),
            "width": 160.0, "height": 120.0,
        ]
        for (index, view) in ["a/v", "old/v"].enumerated() {
            _ = client.request("invalidate", ["view": view, "bounds": oldBounds], id: 20 + index)
        }
        let before = Self.all(client, "old/v", id: 4)
        let shownBefore = before.values.filter { Self.intersects($0, oldBounds) }
        // The new layout at the old bounds: where it puts the anchor before the view scrolls
        // (elements that stick to the bounds, such as the guide's headers, move with them).
        _ = client.request("invalidate", ["view": "new/v", "bounds": oldBounds], id: 10)
        let newAtOldBounds = Self.all(client, "new/v", id: 11)
        let answer = Self.result(client.request("transition", ["view": "a/v", "layout": to], id: 5))
        let offset = try #require(answer["contentOffset"] as? [String: Double], "\(answer)")
        let newBounds = ["x": offset["x"]!, "y": offset["y"]!, "width": 160.0, "height": 120.0]
        _ = client.request("invalidate", ["view": "new/v", "bounds": newBounds], id: 6)
        let after = Self.all(client, "new/v", id: 7)
        let shownAfter = after.values.filter { Self.intersects($0, newBounds) }

        // The lists, element by element, against the two layouts' own answers.
        let appearing = (answer["appearing"] as? [[String: Any]] ?? []).map { $0["after"] as! NSDictionary }
        let disappearing = (answer["disappearing"] as? [[String: Any]] ?? []).map { $0["before"] as! NSDictionary }
        let moving = (answer["moving"] as? [[String: Any]] ?? []).map {
            ($0["before"] as! NSDictionary, $0["after"] as! NSDictionary)
        }
        for element in appearing {
            #expect(after[Self.key(element)] == element && before[Self.key(element)] == nil, "\(element)")
        }
        for element in disappearing {
            #expect(before[Self.key(element)] == element && after[Self.key(element)] == nil, "\(element)")
        }
        for (old, new) in moving { #expect(before[Self.key(old)] == old && after[Self.key(new)] == new && old != new) }
        let listed = Set(appearing.map(Self.key) + disappearing.map(Self.key) + moving.map { Self.key($0.1) })
        for element in shownBefore + shownAfter where !listed.contains(Self.key(element)) {
            #expect(
                before[Self.key(element)] == after[Self.key(element)],
                "\(Self.key(element)) is neither listed nor unchanged")
        }
        #expect(
            answer["contentSize"] as? [String: Double] == Self.result(
                client.request("prepare", ["view": "new/v"], id: 8))["contentSize"] as? [String: Double])

        // The anchor (the first visible cell in canonical order) stays on screen where it was,
        // unless clamped.
        let cells = shownBefore.filter { $0["category"] as? String == "cell" }
            .sorted { ($0["section"] as! Int, $0["item"] as! Int) < ($1["section"] as! Int, $1["item"] as! Int) }
        if let anchor = cells.first, let moved = newAtOldBounds[Self.key(anchor)] {
            let newContent = answer["contentSize"] as! [String: Double]
            for (axis, size, extent) in [("x", "width", 160.0), ("y", "height", 120.0)] {
                let wanted = oldBounds[axis]! + Self.frame(moved)[axis]! - Self.frame(anchor)[axis]!
                let clamped = min(max(wanted, 0), max(0, newContent[size]! - extent))
                #expect(offset[axis] == clamped, "\(axis): anchor \(Self.key(anchor))")
            }
        }
        // The view keeps the new layout.
        #expect(Self.all(client, "a/v", id: 9) == after)
    }

    @Test func aChangeThatLeavesTheViewAloneKeepsTheLayoutItSwitchedTo() throws {
        let client = EngineSession()
        defer { _ = client.finish() }
        let text = Self.workspace("a", layout: "guide", source: "generate: {sections: 3, items: 3}")
        _ = client.request("open", ["text": text, "directory": "."], id: 1)
        _ = client.request("transition", ["view": "a/v", "layout": "mark-sheet"], id: 2)
        let switched = Self.all(client, "a/v", id: 3)
        #expect(switched.keys.contains { $0.hasPrefix("supplementary/columnHeader/") })
        let changed = client.request(
            "change", ["workspace": "a", "text": text + "  w: {layout: guide, source: data}\n"], id: 4)
        #expect((Self.result(changed)["changed"] as? [String]) == ["a/w"], "\(String(describing: changed))")
        #expect(Self.all(client, "a/v", id: 5) == switched)
    }

    @Test func anUnknownLayoutOrRefusedOptionsChangeNothing() throws {
        let client = EngineSession()
        defer { _ = client.finish() }
        _ = client.request(
            "open",
            [
                "text": Self.workspace("a", layout: "guide", source: "generate: {sections: 3, items: 3}"),
                "directory": ".",
            ], id: 1)
        let before = Self.all(client, "a/v", id: 2)
        let unknown =
            client.request("transition", ["view": "a/v", "layout": "circels"], id: 3)?["error"] as? [String: Any]
        #expect(
            unknown?["code"] as? Int == -32602 && (unknown?["message"] as? String)?.contains("params.layout") == true,
            "\(String(describing: unknown))")
        let refused =
            client.request(
                "transition", ["view": "a/v", "layout": "mark-sheet", "options": ["rowHeight": -5]], id: 4)?["error"]
            as? [String: Any]
        #expect(
            refused?["code"] as? Int == -32602
                && (refused?["message"] as? String)?.contains("params.options.rowHeight") == true,
            "\(String(describing: refused))")
        #expect(Self.all(client, "a/v", id: 5) == before)
    }
}
