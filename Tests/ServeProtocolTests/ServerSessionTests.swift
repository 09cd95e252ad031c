import Foundation
import TestSupport
import Testing

/// Full sessions with the real `workbench serve` over pipes, in both framings.
struct ServerSessionTests {
    static func frame(_ element: [String: Any]) -> [String: Double] { element["frame"] as? [String: Double] ?? [:] }

    static func intersects(_ frame: [String: Double], _ rect: [String: Double]) -> Bool {
        frame["x"]! < rect["x"]! + rect["width"]! && rect["x"]! < frame["x"]! + frame["width"]!
            && frame["y"]! < rect["y"]! + rect["height"]! && rect["y"]! < frame["y"]! + frame["height"]!
    }

    static func elements(_ response: [String: Any]?) -> [[String: Any]] {
        (response?["result"] as? [String: Any])?["elements"] as? [[String: Any]] ?? []
    }

    static func identity(_ element: [String: Any]) -> String {
        "\(element["category"]!)/\(element["kind"] as? String ?? "-")/\(element["section"]!)/\(element["item"]!)"
    }

    @Test(arguments: ["circles.yaml", "class-hierarchy.yaml", "mark-sheet.yaml", "tv-guide.yaml"])
    func everyBundledWorkspaceAnswersRectQueriesExactly(workspace: String) throws {
        let client = try ServerClient(framing: workspace.hasPrefix("c") ? .lines : .headers)
        var id = 0
        func call(_ method: String, _ params: [String: Any]? = nil) -> [String: Any]? {
            id += 1
            return client.request(method, params, id: id)
        }
        #expect((call("initialize")?["result"] as? [String: Any])?["name"] as? String == "workbench")
        let opened = try #require(call("open", ["path": "Workspaces/" + workspace])?["result"] as? [String: Any])
        let views = try #require(opened["views"] as? [[String: Any]])
        #expect(!views.isEmpty)
        for view in views {
            let viewID = try #require(view["id"] as? String)
            let prepared = try #require(call("prepare", ["view": viewID])?["result"] as? [String: Any])
            let content = try #require(prepared["contentSize"] as? [String: Double])
            let everything: [String: Double] = ["x": -1e9, "y": -1e9, "width": 2e9, "height": 2e9]
            let all = Self.elements(call("query", ["view": viewID, "rect": everything]))
            #expect(!all.isEmpty)
            if let count = prepared["elements"] as? Int { #expect(count == all.count) }
            let framed = all.map { (Self.identity($0), Self.frame($0)) }
            var random = SplitMix(seed: UInt64(viewID.count))
            for _ in 0..<15 {
                let rect: [String: Double] = [
                    "x": Double(random.next(in: -50...Int(content["width"]!))),
                    "y": Double(random.next(in: -50...Int(content["height"]!))),
                    "width": Double(random.next(in: 0...500)), "height": Double(random.next(in: 0...500)),
                ]
                let expected = framed.filter { Self.intersects($0.1, rect) }.map(\.0)
                #expect(
                    Self.elements(call("query", ["view": viewID, "rect": rect])).map(Self.identity) == expected,
                    "\(viewID) \(rect)")
            }
            if let first = all.first {
                var element: [String: Any] = [
                    "category": first["category"]!, "section": first["section"]!, "item": first["item"]!,
                ]
                if let kind = first["kind"] as? String { element["kind"] = kind }
                let single =
                    (call("query", ["view": viewID, "element": element])?["result"] as? [String: Any])?["element"]
                    as? [String: Any]
                #expect(single.map(Self.identity) == Self.identity(first))
            }
        }
        #expect(call("close", ["workspace": opened["workspace"]!])?["result"] is NSNull)
        #expect((call("prepare", ["view": views[0]["id"]!])?["error"] as? [String: Any])?["code"] as? Int == -32003)
        #expect(call("shutdown")?["result"] is NSNull)
        client.notify("exit")
        #expect(client.finish(closingInput: false) == 0)
    }

    @Test func theGuidesStickyHeadersFollowABoundsChange() throws {
        let client = try ServerClient()
        _ = client.request("open", ["path": "Workspaces/tv-guide.yaml"], id: 1)
        func frame(_ section: Int, _ item: Int, id: Int) -> [String: Double]? {
            let response = client.request(
                "query", ["view": "tv-guide/demo", "element": ["category": "cell", "section": section, "item": item]],
                id: id)
            return ((response?["result"] as? [String: Any])?["element"] as? [String: Any]).map(Self.frame)
        }
        #expect(frame(0, 0, id: 2) == ["x": 0, "y": 0, "width": 100, "height": 30])
        let scrolled = client.request(
            "invalidate", ["view": "tv-guide/demo", "bounds": ["x": 150, "y": 45, "width": 375, "height": 667]], id: 3)
        #expect((scrolled?["result"] as? [String: Any])?["invalidated"] as? Bool == true)
        #expect(frame(0, 0, id: 4) == ["x": 150, "y": 45, "width": 100, "height": 30])
        #expect(frame(0, 2, id: 5) == ["x": 200, "y": 45, "width": 100, "height": 30])
        #expect(frame(2, 0, id: 6) == ["x": 150, "y": 60, "width": 100, "height": 30])
        #expect(frame(2, 1, id: 7) == ["x": 100, "y": 60, "width": 200, "height": 30])
        let target = client.request(
            "targetContentOffset",
            ["view": "tv-guide/demo", "proposed": ["x": 149, "y": 10], "velocity": ["x": 2, "y": 0]], id: 8)
        #expect(target?["result"] as? [String: Double] == ["x": 100, "y": 10])
        #expect(client.finish() == 0)
    }

    @Test func theMarkSheetLaysOutAgainOnAWidthChangeOnly() throws {
        let client = try ServerClient(framing: .headers)
        _ = client.request("open", ["path": "Workspaces/mark-sheet.yaml"], id: 1)
        func cellWidth(id: Int) -> Double? {
            let response = client.request(
                "query", ["view": "mark-sheet/inline", "element": ["category": "cell", "section": 0, "item": 1]], id: id
            )
            return ((response?["result"] as? [String: Any])?["element"] as? [String: Any]).map(Self.frame)?["width"]
        }
        #expect(cellWidth(id: 2) == 137.5)
        let scrolled = client.request(
            "invalidate", ["view": "mark-sheet/inline", "bounds": ["x": 0, "y": 30, "width": 375, "height": 300]], id: 3
        )
        #expect((scrolled?["result"] as? [String: Any])?["invalidated"] as? Bool == false)
        let rotated = client.request(
            "invalidate", ["view": "mark-sheet/inline", "bounds": ["x": 0, "y": 0, "width": 667, "height": 375]], id: 4)
        #expect((rotated?["result"] as? [String: Any])?["invalidated"] as? Bool == true)
        #expect(cellWidth(id: 5) == 283.5)
        let whole = client.request("invalidate", ["view": "mark-sheet/inline"], id: 6)
        #expect((whole?["result"] as? [String: Any])?["invalidated"] as? Bool == true)
        #expect(client.finish() == 0)
    }

    @Test func aBatchIsAnsweredAsOneArrayAndNotificationsAreNot() throws {
        let client = try ServerClient()
        client.send([
            ["jsonrpc": "2.0", "id": 1, "method": "plugins"],
            ["jsonrpc": "2.0", "method": "plugins"],
            ["jsonrpc": "2.0", "id": "two", "method": "nope"],
        ])
        let batch = try #require(client.message(at: 0) as? [[String: Any]])
        #expect(batch.count == 2)
        #expect(
            (batch[0]["result"] as? [[String: Any]])?.map { $0["name"] as? String } == [
                "circles", "compositional", "flow", "guide", "mark-sheet", "tree", "waterfall",
            ])
        #expect(batch[1]["id"] as? String == "two")
        #expect((batch[1]["error"] as? [String: Any])?["code"] as? Int == -32601)
        client.notify("initialize")
        _ = client.request("plugins", id: 3)
        #expect(client.messages.count == 2)
        #expect(client.finish() == 0)
    }

    @Test func aLongPrepareCanBeCancelledAndDoesNotHoldUpOtherViews() throws {
        let client = try ServerClient()
        let text = """
            sources:
              huge: {generate: {items: 1900000}}
              small: {items: [120, 80]}
            views:
              huge: {layout: circles, source: huge}
              small: {layout: circles, source: small}
            """
        #expect(client.request("open", ["text": text], id: 1)?["result"] != nil)
        client.send(["jsonrpc": "2.0", "id": 2, "method": "prepare", "params": ["view": "workspace/huge"]])
        let small = client.request(
            "query", ["view": "workspace/small", "rect": ["x": 0, "y": 0, "width": 400, "height": 400]], id: 3)
        #expect(Self.elements(small).count == 2)
        client.notify("$/cancelRequest", ["id": 2])
        let cancelled = client.response(id: 2)
        #expect((cancelled?["error"] as? [String: Any])?["code"] as? Int == -32800)
        #expect(client.responseOrder == [1, 3, 2])
        // The view still works afterwards, and a prepare that is not cancelled completes.
        let later = client.request(
            "query", ["view": "workspace/small", "element": ["category": "cell", "section": 0, "item": 1]], id: 4)
        #expect((later?["result"] as? [String: Any])?["element"] is [String: Any])
        #expect(client.finish() == 0)
    }

    @Test func exitWithoutShutdownExitsWith1() throws {
        let client = try ServerClient()
        client.notify("exit")
        #expect(client.finish(closingInput: false) == 1)
    }

    @Test func afterShutdownOnlyExitIsAccepted() throws {
        let client = try ServerClient(framing: .headers)
        #expect(client.request("shutdown", id: 1)?["result"] is NSNull)
        #expect((client.request("plugins", id: 2)?["error"] as? [String: Any])?["code"] as? Int == -32600)
        client.notify("exit")
        #expect(client.finish(closingInput: false) == 0)
    }
}
