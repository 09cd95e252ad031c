import Foundation
import TestSupport
import Testing

/// The live editing loop through the engine in process (`EngineSession`): `change` with an editor's text, and `open` with
/// `watch: true` following real edits of real files.
struct ServerLiveTests {
    static func workspace(guideWidth: Int, circles: String = "[50, 60, 70]") -> String {
        """
        workspace: w
        sources:
          s: {items: \(circles)}
          g: {generate: {sections: 20, items: 20}}
        views:
          a: {layout: circles, source: s}
          b: {layout: guide, source: g, options: {cellSize: {width: \(guideWidth), height: 30}}}
          c: {layout: guide, source: g}

        """
    }

    static func result(_ response: [String: Any]?) -> [String: Any] { response?["result"] as? [String: Any] ?? [:] }

    static func corner(_ client: EngineSession, _ view: String, id: Int) -> [String: Double]? {
        (result(
            client.request("query", ["view": view, "element": ["category": "cell", "section": 0, "item": 0]], id: id))[
                "element"]
            as? [String: Any])?["frame"] as? [String: Double]
    }

    @Test func changeKeepsBoundsAndPreparesOnlyWhatChanged() throws {
        let client = EngineSession()
        _ = client.request("open", ["text": Self.workspace(guideWidth: 100), "directory": "."], id: 1)
        for (id, view) in ["w/a", "w/b", "w/c"].enumerated() {
            #expect(Self.result(client.request("prepare", ["view": view], id: 10 + id))["prepared"] as? Bool == true)
        }
        _ = client.request(
            "invalidate", ["view": "w/b", "bounds": ["x": 150, "y": 45, "width": 375, "height": 667]], id: 2)
        _ = client.request(
            "invalidate", ["view": "w/c", "bounds": ["x": 30, "y": 60, "width": 375, "height": 667]], id: 3)
        _ = client.request("prepare", ["view": "w/c"], id: 13)  // the guide's headers follow the new bounds
        let changed = Self.result(
            client.request("change", ["workspace": "w", "text": Self.workspace(guideWidth: 50)], id: 4))
        #expect(changed["changed"] as? [String] == ["w/b"])
        #expect(
            Self.result(client.request("prepare", ["view": "w/a"], id: 5))["prepared"] as? Bool == false,
            "an unchanged view is not prepared again")
        #expect(Self.result(client.request("prepare", ["view": "w/c"], id: 6))["prepared"] as? Bool == false)
        #expect(Self.result(client.request("prepare", ["view": "w/b"], id: 7))["prepared"] as? Bool == true)
        #expect(
            Self.corner(client, "w/b", id: 8) == ["x": 150, "y": 45, "width": 50, "height": 30],
            "new options, the bounds kept")
        #expect(Self.corner(client, "w/c", id: 9) == ["x": 30, "y": 60, "width": 100, "height": 30])

        // Data changes re-prepare the views on that source only; a removed view is listed.
        let next = Self.workspace(guideWidth: 50, circles: "[50, 60]").replacingOccurrences(
            of: "  c: {layout: guide, source: g}\n", with: "")
        #expect(
            Self.result(client.request("change", ["workspace": "w", "text": next], id: 20))["changed"] as? [String] == [
                "w/a", "w/c",
            ])
        #expect(Self.result(client.request("prepare", ["view": "w/a"], id: 21))["elements"] as? Int == 2)
        #expect(
            (client.request("prepare", ["view": "w/c"], id: 22)?["error"] as? [String: Any])?["code"] as? Int == -32003)

        // An invalid text: a located error, and the previous state still served.
        let error =
            client.request(
                "change", ["workspace": "w", "text": "sources: {}\nviews:\n  a: {layout: circles, source: nowhere}\n"],
                id: 30)?["error"] as? [String: Any]
        #expect(error?["code"] as? Int == -32001)
        let data = error?["data"] as? [String: Any]
        #expect(data?["line"] as? Int == 3)
        #expect(Self.corner(client, "w/b", id: 31) == ["x": 150, "y": 45, "width": 50, "height": 30])
        #expect(
            (client.request("change", ["workspace": "nope", "text": next], id: 32)?["error"] as? [String: Any])?["code"]
                as? Int == -32003)
        #expect(client.finish() == 0)
    }

    /// Waits for the `index`-th `workspace/didChange` notification.
    static func didChange(_ client: EngineSession, _ index: Int) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let notes = client.messages.compactMap { $0 as? [String: Any] }.filter {
                $0["method"] as? String == "workspace/didChange"
            }
            if notes.count > index { return notes[index]["params"] as? [String: Any] }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    @Test func watchingFollowsRealEditsValidInvalidAndFixed() throws {
        let folder = try TemporaryFolder()
        try folder.write("data.csv", "name,A,B\nAnn,1,2\nBo,3,4\n")
        let text =
            "workspace: live\nsources:\n  t: {file: data.csv}\n  s: {items: [50, 60]}\nviews:\n  sheet: {layout: mark-sheet, source: t}\n  dots: {layout: circles, source: s}\n"
        let path = try folder.write("live.yaml", text)
        let client = EngineSession()
        #expect(
            Self.result(client.request("open", ["path": path, "watch": true], id: 1))["workspace"] as? String == "live")
        #expect(
            Self.result(client.request("prepare", ["view": "live/sheet"], id: 2))["contentSize"] as? [String: Double]
                == ["width": 375, "height": 140])

        try "name,A,B\nAnn,1,2\nBo,3,4\nCy,5,6\n".write(
            toFile: folder.path + "/data.csv", atomically: true, encoding: .utf8)
        let first = Self.didChange(client, 0)
        #expect(first?["workspace"] as? String == "live")
        #expect(first?["views"] as? [String] == ["live/sheet"])
        #expect(
            Self.result(client.request("prepare", ["view": "live/sheet"], id: 3))["contentSize"] as? [String: Double]
                == ["width": 375, "height": 190])

        try (text + "  broken: {layout: circles}\n").write(toFile: path, atomically: false, encoding: .utf8)
        let second = Self.didChange(client, 1)
        let error = second?["error"] as? [String: Any]
        #expect(error?["line"] as? Int == 8)
        #expect((error?["file"] as? String).map { $0.hasSuffix("live.yaml") } == true)
        #expect((error?["rendered"] as? String)?.contains("error:") == true)
        #expect(second?["views"] as? [String] == [])
        #expect(
            Self.result(client.request("prepare", ["view": "live/sheet"], id: 4))["contentSize"] as? [String: Double]
                == ["width": 375, "height": 190],
            "the previous state stays served")

        try text.replacingOccurrences(of: "[50, 60]", with: "[50, 60, 70]").write(
            toFile: path, atomically: true, encoding: .utf8)
        let third = Self.didChange(client, 2)
        #expect(third?["error"] == nil)
        #expect(third?["views"] as? [String] == ["live/dots"])
        #expect(Self.result(client.request("prepare", ["view": "live/dots"], id: 5))["elements"] as? Int == 3)
        #expect(client.finish() == 0)
    }
}
