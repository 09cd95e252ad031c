import Foundation
import LayoutKit
import TestSupport
import Testing

/// `preferredSizes` and scroll anchoring through the engine in process (`EngineSession`), in both isolation modes, judged
/// by the server's own whole-layout queries before and after (brute force).
struct ServerPreferredSizesTests {
    static let heights = (0..<60).map { 40 + ($0 * 37) % 200 }
    static let text =
        "workspace: w\nsources:\n  s: {items: [\(heights.map(String.init).joined(separator: ", "))]}\n"
        + "views:\n  wall: {layout: waterfall, source: s, viewport: {width: 375, height: 667}}\n"
    static let everything = ["x": -1e9, "y": -1e9, "width": 2e9, "height": 2e9]

    final class Session {
        let client: EngineSession
        var id = 1

        init(isolation: String) throws {
            client = EngineSession(isolation: isolation)
            let opened = call("open", ["text": ServerPreferredSizesTests.text, "directory": "."])
            #expect(opened?["result"] != nil, "\(String(describing: opened))")
        }

        func call(_ method: String, _ params: [String: Any]) -> [String: Any]? {
            id += 1
            return client.request(method, params, id: id)
        }

        func result(_ method: String, _ params: [String: Any]) throws -> [String: Any] {
            let response = call(method, params)
            return try #require(response?["result"] as? [String: Any], "\(method): \(String(describing: response))")
        }

        /// `"section/item" → frame` of every element.
        func frames() throws -> [String: [String: Double]] {
            let elements =
                try result("query", ["view": "w/wall", "rect": ServerPreferredSizesTests.everything])["elements"]
                as? [[String: Any]] ?? []
            return Dictionary(
                uniqueKeysWithValues: elements.map {
                    ("\($0["section"]!)/\($0["item"]!)", $0["frame"] as! [String: Double])
                })
        }

        func frame(_ item: Int) throws -> [String: Double] {
            let element = try result(
                "query", ["view": "w/wall", "element": ["category": "cell", "section": 0, "item": item]])["element"]
            return try #require((element as? [String: Any])?["frame"] as? [String: Double])
        }

        func scroll(toY y: Double, width: Double = 375) throws {
            _ = try result(
                "invalidate", ["view": "w/wall", "bounds": ["x": 0, "y": y, "width": width, "height": 667]])
        }

        func firstVisibleCell(atY y: Double) throws -> Int {
            let elements =
                try result("query", ["view": "w/wall", "rect": ["x": 0, "y": y, "width": 375, "height": 667]])[
                    "elements"] as? [[String: Any]]
            return try #require(elements?.first?["item"] as? Int)
        }
    }

    static func size(_ item: Int, height: Double) -> [String: Any] {
        ["element": ["category": "cell", "section": 0, "item": item], "size": ["width": 10, "height": height]]
    }

    @Test(arguments: ["process", "none"])
    func aCellGrownAboveTheViewportKeepsTheAnchorInPlace(isolation: String) throws {
        let session = try Session(isolation: isolation)
        try session.scroll(toY: 1500)
        let anchor = try session.firstVisibleCell(atY: 1500)
        let before = try session.frames(), anchorBefore = try session.frame(anchor)
        // One call, two sizes: item 0 (above the viewport) and item 59 (below it).
        let result = try session.result(
            "preferredSizes", ["view": "w/wall", "sizes": [Self.size(0, height: 300.5), Self.size(59, height: 12)]])
        let after = try session.frames(), anchorAfter = try session.frame(anchor)
        #expect(try session.frame(0) == ["x": 8, "y": 8, "width": 175.5, "height": 300.5])
        #expect(try session.frame(59)["height"] == 12)
        let adjustment = try #require(result["contentOffsetAdjustment"] as? [String: Double])
        #expect(adjustment == ["x": 0, "y": anchorAfter["y"]! - anchorBefore["y"]!])
        #expect(adjustment["y"]! > 0)
        #expect((result["bounds"] as? [String: Double])?["y"] == 1500 + adjustment["y"]!)
        let changed = before.keys.filter { before[$0] != after[$0] }
        #expect(result["invalidatedCount"] as? Int == changed.count)
        let invalidated = (result["invalidated"] as? [[String: Any]] ?? []).map { "\($0["section"]!)/\($0["item"]!)" }
        #expect(Set(invalidated) == Set(changed))
        #expect(
            invalidated.map { Int($0.split(separator: "/")[1])! }
                == invalidated.map { Int($0.split(separator: "/")[1])! }.sorted())

        // Grown below the viewport: nothing above the anchor moves.
        let below = try session.result("preferredSizes", ["view": "w/wall", "sizes": [Self.size(58, height: 400)]])
        #expect(below["contentOffsetAdjustment"] as? [String: Double] == ["x": 0, "y": 0])

        // A width change drops the sizes (measured for another width).
        try session.scroll(toY: 0, width: 500)
        #expect(try session.frame(0)["height"] == Double(Self.heights[0]))
    }

    @Test(arguments: ["process", "none"])
    func updatesCarrySizesAndAnchorTheView(isolation: String) throws {
        let session = try Session(isolation: isolation)
        _ = try session.result("preferredSizes", ["view": "w/wall", "sizes": [Self.size(10, height: 333)]])
        try session.scroll(toY: 1200)
        let anchor = try session.firstVisibleCell(atY: 1200)
        let anchorBefore = try session.frame(anchor)
        // Deleting item 0 moves every later item; the sized item 10 is item 9 now, and keeps its height.
        let deleted = try session.result("update", ["view": "w/wall", "changes": [["delete": [0, 0]]]])
        #expect(try session.frame(9)["height"] == 333)
        let anchorAfter = try session.frame(anchor - 1)
        #expect(
            deleted["contentOffsetAdjustment"] as? [String: Double] == [
                "x": anchorAfter["x"]! - anchorBefore["x"]!, "y": anchorAfter["y"]! - anchorBefore["y"]!,
            ])
        // The anchor itself deleted: no adjustment.
        let y = (deleted["bounds"] as? [String: Double])?["y"] ?? 0
        let next = try session.firstVisibleCell(atY: y)
        let gone = try session.result("update", ["view": "w/wall", "changes": [["delete": [0, next]]]])
        #expect(gone["contentOffsetAdjustment"] as? [String: Double] == ["x": 0, "y": 0])
        // A reloaded item loses its size.
        _ = try session.result("update", ["view": "w/wall", "changes": [["reload": [0, 9], "value": 77]]])
        #expect(try session.frame(9)["height"] == 77)
    }

    @Test func badSizesAreRefusedByName() throws {
        let session = try Session(isolation: "none")
        let unknown =
            session.call(
                "preferredSizes", ["view": "w/wall", "sizes": [Self.size(1, height: 5), Self.size(60, height: 5)]])?[
                "error"] as? [String: Any]
        #expect(unknown?["code"] as? Int == -32602)
        #expect(
            unknown?["message"] as? String == "invalid params: params.sizes[1].element: the view has no cell [0, 60]")
        let negative =
            session.call("preferredSizes", ["view": "w/wall", "sizes": [Self.size(1, height: -5)]])?["error"]
            as? [String: Any]
        #expect(
            negative?["message"] as? String
                == "invalid params: params.sizes[0].size.height: expected a number from 0 to 1e15, got -5")
        let huge =
            session.call("preferredSizes", ["view": "w/wall", "sizes": [Self.size(1, height: 2e15)]])?["error"]
            as? [String: Any]
        #expect(huge?["code"] as? Int == -32602)
        let notAList = session.call("preferredSizes", ["view": "w/wall", "sizes": 3])?["error"] as? [String: Any]
        #expect(
            notAList?["message"] as? String
                == "invalid params: params.sizes: expected an array of {element, size}, got a number")
        // Nothing was applied.
        #expect(try session.frame(1)["height"] == Double(Self.heights[1]))
    }
}
