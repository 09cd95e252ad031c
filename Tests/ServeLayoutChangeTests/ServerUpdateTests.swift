import BatchUpdates
import Foundation
import LayoutKit
import ReferenceLayouts
import TestSupport
import Testing

/// `update` through the engine in process (`EngineSession`), checked against a brute-force before/after: the seed-faithful
/// reference layouts prepared with the data before and after the batch, every element
/// compared, identities mapped by UICollectionView's rules.
struct ServerUpdateTests {
    /// A layout under test: its workspace text and a fresh reference layout.
    struct Case {
        var layout: String
        var sourceYAML: String
        var data: DataSet
        var reference: () -> any Layout
    }

    static let bounds = Rect(x: 0, y: 0, width: 375, height: 667)

    static func circles() -> Case {
        let sizes: [Double] = [60, 80, 40, 100, 70, 50, 90, 30, 120, 60, 80, 45, 110, 65, 75, 95, 55, 85, 100, 40]
        return Case(
            layout: "circles", sourceYAML: "items: [\(sizes.map { "\(Int($0))" }.joined(separator: ", "))]",
            data: .items(sizes.map(Value.number)), reference: { ReferenceCirclesLayout() })
    }

    static func markSheet() -> Case {
        let rows = (0..<16).map { row in (title: "S\(row)", values: (0..<3).map { Double(row * 10 + $0) }) }
        var builder = DataSetBuilder()
        for row in rows {
            for value in row.values { builder.append(.number(value)) }
            builder.endSection()
        }
        builder.metadata = ["columns": ["A", "B", "C"], "rows": .list(rows.map { .string($0.title) })]
        let yaml =
            "table: {columns: [A, B, C], rows: ["
            + rows.map { "{title: \($0.title), values: [\($0.values.map { "\(Int($0))" }.joined(separator: ", "))]}" }
            .joined(separator: ", ") + "]}"
        return Case(
            layout: "mark-sheet", sourceYAML: yaml, data: builder.build(), reference: { ReferenceMarkSheetLayout() })
    }

    static func guide() -> Case {
        let sections = (0..<30).map { section in (0..<6).map { Value.number(Double(section * 100 + $0)) } }
        let yaml =
            "sections: ["
            + sections.map { "[" + $0.map { "\(Int($0.number!))" }.joined(separator: ", ") + "]" }.joined(
                separator: ", ") + "]"
        return Case(layout: "guide", sourceYAML: yaml, data: .sections(sections), reference: { ReferenceGuideLayout() })
    }

    /// Seed 003's default transition attributes: the element's own, transparent, centred in `bounds`.
    static func faded(_ attributes: LayoutAttributes, in bounds: Rect) -> LayoutAttributes {
        var faded = attributes
        faded.alpha = 0
        faded.frame = attributes.frame.centered(at: Point(x: bounds.midX, y: bounds.midY))
        return faded
    }

    static func all(_ layout: any Layout, _ data: DataSet, in bounds: Rect = bounds) throws -> [LayoutAttributes] {
        try layout.prepare(LayoutContext(dataSource: data.source, bounds: bounds))
        return layout.elements(in: Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)).sorted { $0.element < $1.element }
    }

    /// Where scroll anchoring puts the bounds after the batch, by brute force: the first cell (else
    /// supplementary view) in canonical order in the old bounds, followed to its new identity in the
    /// new layout at the old bounds; the bounds move by as much as it did, clamped to the content.
    static func anchoredBounds(_ test: Case, _ plan: BatchPlan, old: [LayoutAttributes]) throws -> Rect {
        guard var anchor = old.first(where: { $0.element.category != .decoration && $0.frame.intersects(bounds) })
        else { return bounds }
        let origin = anchor.frame.origin
        if anchor.element.category == .cell {
            guard let path = plan.newPath(ofOld: anchor.element.path) else { return bounds }
            anchor.element.path = path
        } else {
            guard let section = plan.newSection(ofOld: anchor.element.path.section) else { return bounds }
            anchor.element.path.section = section
        }
        let layout = test.reference()
        let new = try all(layout, plan.apply(to: test.data.source))
        guard let moved = new.first(where: { $0.element == anchor.element }) else { return bounds }
        let content = layout.contentSize
        return Rect(
            x: min(max(bounds.x + moved.frame.x - origin.x, 0), max(0, content.width - bounds.width)),
            y: min(max(bounds.y + moved.frame.y - origin.y, 0), max(0, content.height - bounds.height)),
            width: bounds.width, height: bounds.height)
    }

    /// The expected answer, by brute force over every element of both layouts: before the batch
    /// in the old bounds and `rect`, after it in the anchored bounds and `rect` moved with them.
    static func expected(_ test: Case, _ changes: [BatchChange], rect: Rect) throws -> [String: [String]] {
        let plan = try BatchPlan(
            changes: changes, sectionCounts: test.data.source.sectionCounts, rules: test.data.source.batchRules)
        let old = try all(test.reference(), test.data)
        let newBounds = try anchoredBounds(test, plan, old: old)
        let new = try all(test.reference(), plan.apply(to: test.data.source), in: newBounds)
        let newRect = Rect(
            x: rect.x + newBounds.x - bounds.x, y: rect.y + newBounds.y - bounds.y, width: rect.width,
            height: rect.height)
        let newByID = Dictionary(uniqueKeysWithValues: new.map { ($0.element, $0) })
        var appearing: [(LayoutAttributes, LayoutAttributes)] = [],
            disappearing: [(LayoutAttributes, LayoutAttributes)] = [],
            moving: [(LayoutAttributes, LayoutAttributes)] = []
        var matched = Set<ElementID>()
        for before in old {
            var id = before.element
            if id.category == .cell {
                id.path = plan.newPath(ofOld: id.path) ?? ItemPath(section: -1, item: -1)
            } else {
                id.path.section = plan.newSection(ofOld: id.path.section) ?? -1
            }
            if let after = newByID[id] {
                matched.insert(id)
                if before != after && (before.frame.intersects(rect) || after.frame.intersects(newRect)) {
                    moving.append((after, before))
                }
            } else if before.frame.intersects(rect) {
                disappearing.append((before, faded(before, in: newBounds)))
            }
        }
        for after in new where !matched.contains(after.element) && after.frame.intersects(newRect) {
            appearing.append((after, faded(after, in: newBounds)))
        }
        func keys(_ pairs: [(LayoutAttributes, LayoutAttributes)]) -> [String] {
            pairs.sorted { $0.0.element < $1.0.element }.map { describe($0.0) + " | " + describe($0.1) }
        }
        return ["appearing": keys(appearing), "disappearing": keys(disappearing), "moving": keys(moving)]
    }

    static func describe(_ attributes: LayoutAttributes) -> String {
        let f = attributes.frame
        return
            "\(attributes.element) (\(f.x), \(f.y), \(f.width), \(f.height)) z\(attributes.zIndex) a\(attributes.alpha)"
    }

    static func describe(_ json: [String: Any]) -> String {
        let f = json["frame"] as? [String: Double] ?? [:]
        let category = ElementCategory(name: json["category"] as? String ?? "") ?? .cell
        let id = ElementID(
            category: category, kind: json["kind"] as? String,
            path: ItemPath(section: json["section"] as? Int ?? -9, item: json["item"] as? Int ?? -9))
        return
            "\(id) (\(f["x"]!), \(f["y"]!), \(f["width"]!), \(f["height"]!)) z\(json["zIndex"] as? Int ?? -9) a\(json["alpha"] as? Double ?? -9)"
    }

    /// The server's answer in the same form.
    static func answer(_ result: [String: Any]) -> [String: [String]] {
        func keys(_ name: String, _ first: String, _ second: String) -> [String] {
            (result[name] as? [[String: Any]] ?? []).map {
                describe($0[first] as! [String: Any]) + " | " + describe($0[second] as! [String: Any])
            }
        }
        return [
            "appearing": keys("appearing", "after", "initial"), "disappearing": keys("disappearing", "before", "final"),
            "moving": keys("moving", "after", "before"),
        ]
    }

    /// Opens a fresh workspace of `test`'s data with two views on the one source.
    static func open(_ test: Case, _ client: EngineSession) throws {
        let text =
            "workspace: w\nsources:\n  s:\n    \(test.sourceYAML)\nviews:\n  a: {layout: \(test.layout), source: s}\n  b: {layout: \(test.layout), source: s}\n"
        let opened = client.request("open", ["text": text, "directory": "."], id: 1)
        #expect(opened?["result"] != nil, "\(String(describing: opened))")
    }

    /// Runs each batch on a freshly opened workspace and compares with the brute force.
    static func check(_ test: Case, _ batches: [(json: [[String: Any]], changes: [BatchChange])]) throws {
        let client = EngineSession()
        var id = 10
        for (json, changes) in batches {
            for rect in [bounds, Rect(x: 100, y: 200, width: 150, height: 120)] {
                try open(test, client)
                id += 1
                var params: [String: Any] = ["view": "w/a", "changes": json]
                if rect != bounds {
                    params["rect"] = ["x": rect.x, "y": rect.y, "width": rect.width, "height": rect.height]
                }
                let response = client.request("update", params, id: id)
                let result = try #require(
                    response?["result"] as? [String: Any], "\(json): \(String(describing: response))")
                let expected = try expected(test, changes, rect: rect)
                #expect(answer(result) == expected, "\(test.layout) \(json) in \(rect)")
                let plan = try BatchPlan(
                    changes: changes, sectionCounts: test.data.source.sectionCounts, rules: test.data.source.batchRules)
                let reference = test.reference()
                let newAll = try all(reference, plan.apply(to: test.data.source))
                #expect(
                    (result["contentSize"] as? [String: Double]) == [
                        "width": reference.contentSize.width, "height": reference.contentSize.height,
                    ])
                id += 1
                let other = client.request(
                    "query", ["view": "w/b", "rect": ["x": -1e6, "y": -1e6, "width": 2e6, "height": 2e6]], id: id)
                let seen = ((other?["result"] as? [String: Any])?["elements"] as? [[String: Any]] ?? []).map(describe)
                #expect(seen == newAll.map(describe), "the other view on the source sees the batch")
            }
        }
        #expect(client.finish() == 0)
    }

    static func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

    @Test func everyChangeKindOnCirclesMatchesTheBruteForce() throws {
        try Self.check(
            Self.circles(),
            [
                ([["insert": [0, 0], "value": 50]], [.insert(Self.path(0, 0), value: 50)]),
                ([["insert": [0, 20], "value": 50]], [.insert(Self.path(0, 20), value: 50)]),
                ([["delete": [0, 2]]], [.delete(Self.path(0, 2))]),
                ([["reload": [0, 1], "value": 30]], [.reload(Self.path(0, 1), value: 30)]),
                ([["move": [0, 0], "to": [0, 5]]], [.move(Self.path(0, 0), to: Self.path(0, 5))]),
                // The last circle moves to the front: every circle shifts, many into the rects.
                ([["move": [0, 19], "to": [0, 0]]], [.move(Self.path(0, 19), to: Self.path(0, 0))]),
                (
                    [
                        ["delete": [0, 3]], ["insert": [0, 1], "value": 44], ["reload": [0, 5], "value": 130],
                        ["move": [0, 9], "to": [0, 0]],
                    ],
                    [
                        .delete(Self.path(0, 3)), .insert(Self.path(0, 1), value: 44),
                        .reload(Self.path(0, 5), value: 130), .move(Self.path(0, 9), to: Self.path(0, 0)),
                    ]
                ),
            ])
    }

    @Test func everyChangeKindOnAMarkSheetTableMatchesTheBruteForce() throws {
        try Self.check(
            Self.markSheet(),
            [
                ([["reload": [2, 1], "value": 99]], [.reload(Self.path(2, 1), value: 99)]),
                (
                    [["insertSection": 1, "title": "New", "values": [1, 2, 3]]],
                    [.insertSection(1, items: [1, 2, 3], title: "New")]
                ),
                ([["deleteSection": 0]], [.deleteSection(0)]),
                ([["moveSection": 5, "to": 1]], [.moveSection(5, to: 1)]),
                ([["move": [3, 0], "to": [3, 2]]], [.move(Self.path(3, 0), to: Self.path(3, 2))]),
                (
                    [
                        ["deleteSection": 2], ["insertSection": 0, "title": "Z", "values": [7, 8, 9]],
                        ["moveSection": 4, "to": 6], ["reload": [1, 1], "value": 5],
                    ],
                    [
                        .deleteSection(2), .insertSection(0, items: [7, 8, 9], title: "Z"), .moveSection(4, to: 6),
                        .reload(Self.path(1, 1), value: 5),
                    ]
                ),
            ])
    }

    @Test func everyChangeKindOnTheGuideMatchesTheBruteForce() throws {
        try Self.check(
            Self.guide(),
            [
                ([["insert": [2, 1], "value": 1]], [.insert(Self.path(2, 1), value: 1)]),
                ([["delete": [3, 2]]], [.delete(Self.path(3, 2))]),
                ([["move": [4, 1], "to": [1, 3]]], [.move(Self.path(4, 1), to: Self.path(1, 3))]),
                ([["insertSection": 3, "items": [1, 2]]], [.insertSection(3, items: [1, 2], title: nil)]),
                ([["deleteSection": 1]], [.deleteSection(1)]),
                ([["moveSection": 8, "to": 2]], [.moveSection(8, to: 2)]),
                (
                    [
                        ["deleteSection": 4], ["delete": [2, 0]], ["insert": [1, 5], "value": 3],
                        ["moveSection": 0, "to": 3], ["reload": [5, 5], "value": 1],
                    ],
                    [
                        .deleteSection(4), .delete(Self.path(2, 0)), .insert(Self.path(1, 5), value: 3),
                        .moveSection(0, to: 3), .reload(Self.path(5, 5), value: 1),
                    ]
                ),
            ])
    }

    @Test func refusedBatchesNameTheChangeAndLeaveTheLayoutUntouched() throws {
        let client = EngineSession()
        try Self.open(Self.markSheet(), client)
        let everything: [String: Any] = ["x": -1e6, "y": -1e6, "width": 2e6, "height": 2e6]
        func all(_ view: String, _ id: Int) -> [[String: Any]] {
            ((client.request("query", ["view": view, "rect": everything], id: id)?["result"] as? [String: Any])?[
                "elements"] as? [[String: Any]]) ?? []
        }
        let before = all("w/a", 2).map(Self.describe)
        let refusals: [([[String: Any]], String)] = [
            (
                [["reload": [0, 0], "value": 1], ["delete": [0, 9]]],
                "params.changes[1]: item [0, 9] does not exist (section 0 has 3 items before the batch)"
            ),
            (
                [["insert": [0, 0], "value": 1]],
                "params.changes[0]: row 0 would have 4 values for 3 columns; a table's rows change whole"
            ),
            (
                [["deleteSection": 3], ["deleteSection": 3]],
                "params.changes[1]: section 3 is already deleted or moved by changes[0]"
            ),
            ([["move": [0, 0]]], "params.changes[0].to: expected [section, item], got nothing"),
            (
                [["insert": [0, 0], "value": 1, "colour": 2]],
                "params.changes[0].colour: not part of a 'insert' change (it takes insert, value)"
            ),
        ]
        for (index, (changes, message)) in refusals.enumerated() {
            let error =
                client.request("update", ["view": "w/a", "changes": changes], id: 10 + index)?["error"]
                as? [String: Any]
            #expect(error?["code"] as? Int == -32602)
            #expect(error?["message"] as? String == "invalid params: " + message)
        }
        #expect(all("w/a", 30).map(Self.describe) == before)
        #expect(all("w/b", 31).map(Self.describe) == before)
        // A value the layout rejects: a circle of size -5.
        let circles = EngineSession()
        try Self.open(Self.circles(), circles)
        let rejected =
            circles.request("update", ["view": "w/a", "changes": [["insert": [0, 1], "value": -5]]], id: 2)?["error"]
            as? [String: Any]
        #expect(rejected?["code"] as? Int == -32602)
        #expect(
            (rejected?["message"] as? String)?.hasPrefix(
                "invalid params: params.changes[0]: the layout rejects it: item [0, 1]: a circle's size") == true)
        let after =
            (circles.request("query", ["view": "w/a", "rect": everything], id: 3)?["result"] as? [String: Any])?[
                "elements"] as? [[String: Any]] ?? []
        #expect(
            after.map(Self.describe) == (try Self.all(ReferenceCirclesLayout(), Self.circles().data)).map(Self.describe)
        )
        #expect(client.finish() == 0 && circles.finish() == 0)
    }

    @Test func treeSourcesTakeOnlyReloads() throws {
        let client = EngineSession()
        _ = client.request("open", ["path": "Workspaces/class-hierarchy.yaml"], id: 1)
        let views =
            ((client.request("open", ["path": "Workspaces/class-hierarchy.yaml"], id: 2)?["result"] as? [String: Any])?[
                "views"] as? [[String: Any]]) ?? []
        let view = try #require(views.first?["id"] as? String)
        let refused =
            client.request("update", ["view": view, "changes": [["delete": [1, 0]]]], id: 3)?["error"] as? [String: Any]
        #expect(
            (refused?["message"] as? String)?.contains("params.changes[0]: this source takes only 'reload' changes")
                == true)
        let reloaded =
            client.request(
                "update", ["view": view, "changes": [["reload": [0, 0], "value": ["name": "Root"]]]], id: 4)?["result"]
            as? [String: Any]
        let appearing = reloaded?["appearing"] as? [[String: Any]] ?? []
        #expect(appearing.count == 1 && (reloaded?["disappearing"] as? [[String: Any]])?.count == 1)
        #expect(
            ((appearing.first?["after"] as? [String: Any])?["children"] as? [Any])?.isEmpty == false,
            "the reloaded node keeps its children")
        #expect(client.finish() == 0)
    }
}
