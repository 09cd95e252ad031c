import Foundation
import TestSupport
import Testing

/// `open {watch: true}` following what people do to folders, through the real `serve`: a data
/// file deleted or renamed away is a located error on the views on its source, and only
/// those, until it comes back.
struct ServerWatchedFilesTests {
    static let text = """
        workspace: live
        sources:
          t: {file: data/marks.csv}
          s: {items: [50, 60]}
        views:
          sheet: {layout: mark-sheet, source: t}
          dots: {layout: circles, source: s}

        """

    static func result(_ response: [String: Any]?) -> [String: Any] { response?["result"] as? [String: Any] ?? [:] }
    static func error(_ response: [String: Any]?) -> [String: Any] { response?["error"] as? [String: Any] ?? [:] }

    @Test func aDataFileRenamedAwayOrDeletedFailsItsViewsUntilItComesBack() throws {
        let folder = try TemporaryFolder()
        try folder.write("data/marks.csv", "name,A,B\nAnn,1,2\nBo,3,4\n")
        let path = try folder.write("live.yaml", Self.text)
        let client = EngineSession()
        #expect(
            Self.result(client.request("open", ["path": path, "watch": true], id: 1))["workspace"] as? String == "live")
        #expect(Self.result(client.request("prepare", ["view": "live/sheet"], id: 2))["elements"] != nil)

        // Renamed away: the sheet answers a located error; the dots go on working.
        try FileManager.default.moveItem(atPath: folder.path + "/data/marks.csv", toPath: folder.path + "/data/old.csv")
        let gone = ServerLiveTests.didChange(client, 0)
        #expect(gone?["views"] as? [String] == ["live/sheet"])
        let notified = gone?["error"] as? [String: Any]
        #expect(notified?["line"] as? Int == 3)
        #expect((notified?["rendered"] as? String)?.contains("error: no such file: data/marks.csv") == true)
        let failed = Self.error(client.request("prepare", ["view": "live/sheet"], id: 3))
        #expect(failed["code"] as? Int == -32001)
        #expect(
            failed["message"] as? String
                == "view 'sheet': its source 't' cannot be loaded: no such file: data/marks.csv")
        let data = failed["data"] as? [String: Any]
        #expect(data?["line"] as? Int == 6 && data?["column"] as? Int == 3)
        #expect(Self.result(client.request("prepare", ["view": "live/dots"], id: 4))["elements"] as? Int == 2)

        // Back under its name, with a third row: the sheet works again, on the new data.
        try FileManager.default.moveItem(atPath: folder.path + "/data/old.csv", toPath: folder.path + "/data/marks.csv")
        let back = ServerLiveTests.didChange(client, 1)
        #expect(back?["error"] == nil)
        #expect(back?["views"] as? [String] == ["live/sheet"])
        #expect(
            Self.result(client.request("prepare", ["view": "live/sheet"], id: 6))["contentSize"] as? [String: Double]
                == ["width": 375, "height": 140])

        // Deleted: the same again.
        try FileManager.default.removeItem(atPath: folder.path + "/data/marks.csv")
        let deleted = ServerLiveTests.didChange(client, 2)
        #expect(deleted?["views"] as? [String] == ["live/sheet"])
        #expect(
            Self.error(
                client.request(
                    "query", ["view": "live/sheet", "rect": ["x": 0, "y": 0, "width": 10, "height": 10]], id: 7))[
                    "code"] as? Int == -32001)
        try folder.write("data/marks.csv", "name,A,B\nAnn,1,2\nBo,3,4\nCy,5,6\n")
        let rewritten = ServerLiveTests.didChange(client, 3)
        #expect(rewritten?["views"] as? [String] == ["live/sheet"])
        #expect(
            Self.result(client.request("prepare", ["view": "live/sheet"], id: 8))["contentSize"] as? [String: Double]
                == ["width": 375, "height": 190])
        #expect(client.finish() == 0)
    }
}
