import Foundation
import TestSupport
import Testing

/// Scroll anchoring through `change`: an edit that grows an item above the viewport moves the
/// view's bounds by as much, so the cell the reader was looking at stays where it was.
struct ServerAnchoringTests {
    static func text(firstHeight: Int) -> String {
        let heights = [firstHeight] + (1..<60).map { 40 + ($0 * 37) % 200 }
        return "workspace: w\nsources:\n  s: {items: [\(heights.map(String.init).joined(separator: ", "))]}\n"
            + "views:\n  wall: {layout: waterfall, source: s, viewport: {width: 375, height: 667}}\n"
    }

    @Test(arguments: ["process", "none"])
    func anEditAboveTheViewportKeepsTheAnchorInPlace(isolation: String) throws {
        let client = EngineSession(isolation: isolation)
        #expect(
            client.request("open", ["text": Self.text(firstHeight: 40), "directory": "."], id: 1)?["result"] != nil)
        _ = client.request(
            "invalidate", ["view": "w/wall", "bounds": ["x": 0, "y": 1500, "width": 375, "height": 667]], id: 2)
        let visible =
            (client.request(
                "query", ["view": "w/wall", "rect": ["x": 0, "y": 1500, "width": 375, "height": 667]], id: 3)?["result"]
            as? [String: Any])?["elements"] as? [[String: Any]]
        let anchor = try #require(visible?.first)
        let before = try #require(anchor["frame"] as? [String: Double])
        // Item 0 grows by 100 points: everything below it in its column moves down.
        let changed =
            client.request("change", ["workspace": "w", "text": Self.text(firstHeight: 140)], id: 4)?["result"]
            as? [String: Any]
        let view = try #require((changed?["views"] as? [[String: Any]])?.first)
        let element: [String: Any] = ["category": "cell", "section": 0, "item": anchor["item"]!]
        let after = try #require(
            ((client.request("query", ["view": "w/wall", "element": element], id: 5)?["result"] as? [String: Any])?[
                "element"]
                as? [String: Any])?["frame"] as? [String: Double])
        let adjustment = try #require(view["contentOffsetAdjustment"] as? [String: Double])
        // The anchor may change columns too: x moves, and the bounds' x stays clamped to 0.
        #expect(adjustment == ["x": after["x"]! - before["x"]!, "y": after["y"]! - before["y"]!])
        #expect(adjustment["y"]! > 0)
        // The bounds moved with it: the anchor is still the first cell the viewport shows.
        let moved =
            (client.request(
                "query",
                ["view": "w/wall", "rect": ["x": 0, "y": 1500 + adjustment["y"]!, "width": 375, "height": 667]], id: 6)?[
                "result"]
            as? [String: Any])?["elements"] as? [[String: Any]]
        #expect(moved?.first?["item"] as? Int == anchor["item"] as? Int)
        // An unchanged text: no view changes, no adjustment.
        let same =
            client.request("change", ["workspace": "w", "text": Self.text(firstHeight: 140)], id: 7)?["result"]
            as? [String: Any]
        #expect(
            ((same?["views"] as? [[String: Any]])?.first?["contentOffsetAdjustment"] as? [String: Double]) == [
                "x": 0, "y": 0,
            ])
        #expect(client.finish() == 0)
    }
}
