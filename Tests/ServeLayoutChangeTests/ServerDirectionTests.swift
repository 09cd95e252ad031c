import Foundation
import TestSupport
import Testing

/// Right to left over `serve`: the guide's sticky channel column and pinned corner stick to the
/// right edge at every scroll offset, and every answer is the left-to-right one mirrored.
struct ServerDirectionTests {
    static let workspace = """
        sources:
          demo:
            generate: {sections: 50, items: 20}
        views:
          plain:
            layout: guide
            source: demo
            viewport: {width: 375, height: 667}
          mirrored:
            layout: guide
            source: demo
            viewport: {width: 375, height: 667}
            direction: rightToLeft
        """

    static func frame(_ element: [String: Any]) -> (x: Double, y: Double, width: Double) {
        let frame = element["frame"] as! [String: Any]
        return (frame["x"] as! Double, frame["y"] as! Double, frame["width"] as! Double)
    }

    /// The query answer for `rect`, after moving the view's bounds to `bounds`.
    static func elements(
        _ client: EngineSession, view: String, bounds: [String: Double], rect: [String: Double], id: inout Int
    ) -> [[String: Any]] {
        id += 1
        _ = client.request("invalidate", ["view": "w/\(view)", "bounds": bounds], id: id)
        id += 1
        let answer = client.request("query", ["view": "w/\(view)", "rect": rect], id: id)
        return ((answer?["result"] as? [String: Any])?["elements"] as? [[String: Any]]) ?? []
    }

    @Test(arguments: ["process", "none"])
    func theGuidesStickyHeadersStickToTheRightAndMirrorTheLeftToRightOnes(isolation: String) throws {
        let client = EngineSession(isolation: isolation)
        defer { _ = client.finish() }
        let opened = client.request("open", ["text": "workspace: w\n" + Self.workspace, "directory": "."], id: 1)
        #expect(opened?["result"] != nil, "\(String(describing: opened))")
        let size =
            (client.request("prepare", ["view": "w/mirrored"], id: 2)?["result"] as? [String: Any])?["contentSize"]
            as? [String: Double]
        let width = try #require(size?["width"])
        var id = 2
        for (x, y) in [(0.0, 0.0), (300, 90), (1234, 400), (width - 375, 0), (width - 375, 1500 - 667)] {
            let bounds = ["x": x, "y": y, "width": 375, "height": 667]
            let mirroredBounds = ["x": width - x - 375, "y": y, "width": 375, "height": 667]
            let found = Self.elements(client, view: "mirrored", bounds: bounds, rect: bounds, id: &id)
            let plain = Self.elements(client, view: "plain", bounds: mirroredBounds, rect: mirroredBounds, id: &id)
            #expect(found.count == plain.count && !found.isEmpty, "at \(x), \(y)")
            for (right, left) in zip(found, plain) {
                let (rx, ry, rw) = Self.frame(right), (lx, ly, lw) = Self.frame(left)
                #expect(
                    right["section"] as? Int == left["section"] as? Int && right["item"] as? Int == left["item"] as? Int
                )
                #expect(rx == width - lx - lw && ry == ly && rw == lw, "at \(x), \(y): \(right) ≠ mirrored \(left)")
                #expect(right["zIndex"] as? Int == left["zIndex"] as? Int)
            }
            // The channel column (item 0 of every section) and the pinned corner: at the right edge.
            for header in found where header["item"] as? Int == 0 {
                #expect(Self.frame(header).x == x + 375 - 100, "at \(x), \(y): \(header)")
            }
            let corner = try #require(found.first { $0["section"] as? Int == 0 && $0["item"] as? Int == 0 })
            #expect(Self.frame(corner).y == y && corner["zIndex"] as? Int == 2)
        }
        // Back to left to right: the corner returns to the bounds' left edge.
        let turned = client.request("invalidate", ["view": "w/mirrored", "direction": "leftToRight"], id: 100)
        #expect((turned?["result"] as? [String: Any])?["invalidated"] as? Bool == true)
        let again = Self.elements(
            client, view: "mirrored", bounds: ["x": 300, "y": 0, "width": 375, "height": 667],
            rect: ["x": 300, "y": 0, "width": 375, "height": 30], id: &id)
        #expect(again.first.map { Self.frame($0).x } == 300)
    }

    @Test func aDirectionThatIsNoneOfTheTwoIsRefusedNamingTheField() throws {
        let client = EngineSession()
        defer { _ = client.finish() }
        _ = client.request("open", ["text": "workspace: w\n" + Self.workspace, "directory": "."], id: 1)
        let answer = client.request("invalidate", ["view": "w/plain", "direction": "upward"], id: 2)
        let error = answer?["error"] as? [String: Any]
        #expect(error?["code"] as? Int == -32602)
        #expect((error?["message"] as? String)?.contains("params.direction") == true, "\(String(describing: error))")
    }
}

/// `update` and `transition` right to left: the left-to-right answers at the mirrored bounds,
/// mirrored — every pair of attributes, and the transition's content offset.
struct ServerMirroredAnswersTests {
    static func workspace(_ name: String, direction: String) -> String {
        """
        workspace: \(name)
        sources:
          demo:
            generate: {sections: 12, items: 15}
        views:
          v: {layout: guide, source: demo, viewport: {width: 375, height: 200}, direction: \(direction)}
        """
    }

    static func result(_ answer: [String: Any]?) -> [String: Any] {
        answer?["result"] as? [String: Any] ?? ["error": answer?["error"] ?? "none"]
    }

    /// Each list's attributes as comparable dictionaries, frames mirrored when widths are
    /// given: the old layout's (`before`, `final`) around `old`, the new one's around `new`.
    static func lists(_ answer: [String: Any], old: Double? = nil, new: Double? = nil) -> [String: [NSDictionary]] {
        var lists: [String: [NSDictionary]] = [:]
        for name in ["appearing", "disappearing", "moving"] {
            lists[name] = (answer[name] as? [[String: Any]] ?? []).flatMap { pair in
                pair.keys.sorted().map { key -> NSDictionary in
                    var attributes = pair[key] as! [String: Any]
                    if let width = ["before", "final"].contains(key) ? old : new {
                        var frame = attributes["frame"] as! [String: Double]
                        frame["x"] = width - frame["x"]! - frame["width"]!
                        attributes["frame"] = frame
                    }
                    return NSDictionary(dictionary: attributes)
                }
            }
        }
        return lists
    }

    @Test func updateAndTransitionAnswersAreTheLeftToRightOnesMirrored() throws {
        let client = EngineSession()
        defer { _ = client.finish() }
        for (index, (name, direction)) in [("ltr", "leftToRight"), ("rtl", "rightToLeft")].enumerated() {
            #expect(
                client.request(
                    "open", ["text": Self.workspace(name, direction: direction), "directory": "."], id: 1 + index)?[
                        "result"] != nil)
        }
        let width = try #require(
            (Self.result(client.request("prepare", ["view": "rtl/v"], id: 3))["contentSize"] as? [String: Double])?[
                "width"])
        _ = client.request(
            "invalidate", ["view": "rtl/v", "bounds": ["x": width - 150 - 375, "y": 60, "width": 375, "height": 200]],
            id: 4)
        _ = client.request(
            "invalidate", ["view": "ltr/v", "bounds": ["x": 150, "y": 60, "width": 375, "height": 200]], id: 5)
        // Changes that keep the content's width (the even sections, the widest, keep their
        // items): a width change would shift every mirrored frame, so right to left more moves.
        let changes: [[String: Any]] = [
            ["delete": [3, 4]], ["insert": [3, 1], "value": 7], ["move": [5, 2], "to": [5, 9]],
        ]
        let right = Self.result(client.request("update", ["view": "rtl/v", "changes": changes], id: 6))
        let left = Self.result(client.request("update", ["view": "ltr/v", "changes": changes], id: 7))
        #expect(!(right["moving"] as? [Any] ?? []).isEmpty)
        let updatedWidth = try #require((right["contentSize"] as? [String: Double])?["width"])
        #expect(Self.lists(right) == Self.lists(left, old: width, new: updatedWidth))

        // The same layout with narrower cells: the content narrows, the anchor is kept mirrored.
        let options: [String: Any] = ["cellSize": ["width": 70, "height": 30]]
        let rightSwitch = Self.result(
            client.request("transition", ["view": "rtl/v", "layout": "guide", "options": options], id: 8))
        let leftSwitch = Self.result(
            client.request("transition", ["view": "ltr/v", "layout": "guide", "options": options], id: 9))
        let newWidth = try #require((rightSwitch["contentSize"] as? [String: Double])?["width"])
        #expect(newWidth < updatedWidth)
        let rightOffset = try #require(rightSwitch["contentOffset"] as? [String: Double])
        let leftOffset = try #require(leftSwitch["contentOffset"] as? [String: Double])
        #expect(
            rightOffset["x"] == newWidth - leftOffset["x"]! - 375 && rightOffset["y"] == leftOffset["y"],
            "\(rightOffset) \(leftOffset)")
        #expect(!(rightSwitch["moving"] as? [Any] ?? []).isEmpty)
        #expect(Self.lists(rightSwitch) == Self.lists(leftSwitch, old: updatedWidth, new: newWidth))
    }
}
