import Foundation
import TestSupport
import Testing

/// `workbench preview FOLDER`: a workspace file added to the folder is listed and, for a page
/// that opened the folder with `watch: true`, opened with its views announced; one removed goes.
@Suite(.serialized) struct PreviewFolderTests {
    static func workspace(_ view: String) -> String {
        "sources: {a: {items: [100, 120]}}\nviews: {\(view): {layout: circles, source: a}}\n"
    }

    static func listed(_ preview: PreviewProcess) throws -> [String: [String]] {
        let list = try RawWebSocket(port: preview.port).get(
            "/workspaces?token=\(preview.token)", host: "127.0.0.1:\(preview.port)")
        return try #require(try JSONSerialization.jsonObject(with: Data(list.body.utf8)) as? [String: [String]])
    }

    /// The next `workspace/didChange` notification's params.
    static func didChange(_ socket: RawWebSocket) throws -> [String: Any]? {
        while let message = try socket.receiveJSON() as? [String: Any] {
            if message["method"] as? String == "workspace/didChange" { return message["params"] as? [String: Any] }
        }
        return nil
    }

    @Test func filesAddedToAndRemovedFromAGivenFolderComeAndGo() throws {
        let folder = try TemporaryFolder()
        try folder.write("one.yaml", Self.workspace("first"))
        let root = URL(fileURLWithPath: folder.path).resolvingSymlinksInPath().path
        let preview = try PreviewProcess([folder.path])
        defer { _ = preview.stop() }
        #expect(try Self.listed(preview) == ["folders": [root], "workspaces": [root + "/one.yaml"]])

        let socket = try preview.connect()
        let opened = try PreviewConnectionTests.request(socket, 1, "open", ["path": root, "watch": true])
        let workspaces = (opened["result"] as? [String: Any])?["workspaces"] as? [[String: Any]]
        #expect(workspaces?.map { $0["workspace"] as? String } == ["one"])

        try folder.write("two.yaml", Self.workspace("second"))
        let added = try Self.didChange(socket)
        #expect(added?["workspace"] as? String == "two" && added?["views"] as? [String] == ["two/second"])
        #expect(try Self.listed(preview)["workspaces"] == [root + "/one.yaml", root + "/two.yaml"])

        try FileManager.default.removeItem(atPath: folder.path + "/one.yaml")
        let removed = try Self.didChange(socket)
        #expect(removed?["workspace"] as? String == "one" && removed?["views"] as? [String] == ["one/first"])
        #expect(try Self.listed(preview)["workspaces"] == [root + "/two.yaml"])
    }
}
