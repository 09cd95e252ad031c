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
    static func elements(_ client: ServerClient, view: String, bounds: [String: Double], rect: [String: Double], id: inout Int) -> [[String: Any]] {
        id += 1
        _ = client.request("invalidate", ["view": "w/\(view)", "bounds": bounds], id: id)
        id += 1
        let answer = client.request("query", ["view": "w/\(view)", "rect": rect], id: id)
        return ((answer?["result"] as? [String: Any])?["elements"] as? [[String: Any]]) ?? []
    }

    @Test(arguments: ["process", "none"])
    func theGuidesStickyHeadersStickToTheRightAndMirrorTheLeftToRightOnes(isolation: String) throws {
        let client = try ServerClient(arguments: ["--isolation", isolation])
        defer { _ = client.finish() }
        let opened = client.request("open", ["text": "workspace: w\n" + Self.workspace, "directory": "."], id: 1)
        #expect(opened?["result"] != nil, "\(String(describing: opened))")
        let size = (client.request("prepare", ["view": "w/mirrored"], id: 2)?["result"] as? [String: Any])?["contentSize"] as? [String: Double]
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
                #expect(right["section"] as? Int == left["section"] as? Int && right["item"] as? Int == left["item"] as? Int)
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
        let again = Self.elements(client, view: "mirrored", bounds: ["x": 300, "y": 0, "width": 375, "height": 667],
                                  rect: ["x": 300, "y": 0, "width": 375, "height": 30], id: &id)
        #expect(again.first.map { Self.frame($0).x } == 300)
    }

    @Test func aDirectionThatIsNoneOfTheTwoIsRefusedNamingTheField() throws {
        let client = try ServerClient()
        defer { _ = client.finish() }
        _ = client.request("open", ["text": "workspace: w\n" + Self.workspace, "directory": "."], id: 1)
        let answer = client.request("invalidate", ["view": "w/plain", "direction": "upward"], id: 2)
        let error = answer?["error"] as? [String: Any]
        #expect(error?["code"] as? Int == -32602)
        #expect((error?["message"] as? String)?.contains("params.direction") == true, "\(String(describing: error))")
    }
}
