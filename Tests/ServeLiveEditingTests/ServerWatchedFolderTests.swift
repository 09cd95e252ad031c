import Foundation
import TestSupport
import Testing

/// `open {path: FOLDER, watch: true}` through the real `serve`: every workspace file of the
/// folder is opened, one added to it is opened and one removed (or renamed away) is closed,
/// each told by `workspace/didChange`.
struct ServerWatchedFolderTests {
    static func workspace(_ view: String) -> String {
        "sources: {a: {items: [100, 120]}}\nviews: {\(view): {layout: circles, source: a}}\n"
    }

    @Test func workspaceFilesAddedToAndRemovedFromAWatchedFolderComeAndGo() throws {
        let folder = try TemporaryFolder()
        try folder.write("one.yaml", Self.workspace("first"))
        try folder.write("notes.txt", "not a workspace")
        try folder.write("broken.yml", "views: [\n")
        let client = EngineSession()
        let opened = try #require(
            client.request("open", ["path": folder.path, "watch": true], id: 1)?["result"] as? [String: Any])
        let workspaces = try #require(opened["workspaces"] as? [[String: Any]])
        #expect(workspaces.map { $0["workspace"] as? String } == ["one"])
        #expect(((workspaces[0]["views"] as? [[String: Any]])?.map { $0["id"] as? String }) == ["one/first"])
        let errors = try #require(opened["errors"] as? [[String: Any]])
        #expect(errors.count == 1 && (errors[0]["file"] as? String)?.hasSuffix("broken.yml") == true)

        // Added: opened, its views announced, and served.
        try folder.write("two.yaml", Self.workspace("second"))
        let added = ServerLiveTests.didChange(client, 0)
        #expect(added?["workspace"] as? String == "two" && added?["views"] as? [String] == ["two/second"])
        #expect(
            ServerLiveTests.result(client.request("prepare", ["view": "two/second"], id: 2))["elements"] as? Int == 2)

        // Renamed away (out of the folder): closed, its views announced gone, and no longer served.
        let outside = try TemporaryFolder()
        try FileManager.default.moveItem(atPath: folder.path + "/one.yaml", toPath: outside.path + "/one.yaml")
        let removed = ServerLiveTests.didChange(client, 1)
        #expect(removed?["workspace"] as? String == "one" && removed?["views"] as? [String] == ["one/first"])
        let gone = client.request("prepare", ["view": "one/first"], id: 3)?["error"] as? [String: Any]
        #expect(gone?["code"] as? Int == -32003)

        // An edit of a file opened from the folder is followed as for `open {path, watch: true}`.
        try Self.workspace("second").replacingOccurrences(of: "[100, 120]", with: "[100, 120, 140]").write(
            toFile: folder.path + "/two.yaml", atomically: true, encoding: .utf8)
        let edited = ServerLiveTests.didChange(client, 2)
        #expect(edited?["workspace"] as? String == "two" && edited?["views"] as? [String] == ["two/second"])

        // Deleted: closed.
        try FileManager.default.removeItem(atPath: folder.path + "/two.yaml")
        let deleted = ServerLiveTests.didChange(client, 3)
        #expect(deleted?["workspace"] as? String == "two" && deleted?["views"] as? [String] == ["two/second"])
        #expect(client.finish() == 0)
    }
}
