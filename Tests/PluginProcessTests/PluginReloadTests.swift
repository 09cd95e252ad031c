import Foundation
import TestSupport
import Testing

/// Hot reload through the real `workbench serve`: real plugin libraries built with `cc`,
/// really copied, renamed over and rewritten in place in a watched folder.
struct PluginReloadTests {
    /// A watched folder holding `libcolumn.so` (cells 20 tall), a workspace of three items on
    /// it, and a server serving it.
    final class Fixture {
        let folder: TemporaryFolder, scratch: TemporaryFolder
        let client: EngineSession
        var library: String { folder.path + "/libcolumn.so" }

        init(isolation: String) throws {
            folder = try TemporaryFolder()
            scratch = try TemporaryFolder()
            try ReloadablePlugin.build(named: "column", cellHeight: 20, to: folder.path + "/libcolumn.so")
            let workspace = try scratch.write(
                "w.yaml",
                """
                workspace: w
                sources: {three: {items: [1, 2, 3]}}
                views:
                  col: {layout: column, source: three, viewport: {width: 100, height: 100}}
                  fresh: {layout: fresh, source: three}

                """)
            client = EngineSession(isolation: isolation, plugins: [folder.path])
            _ = client.request("open", ["path": workspace], id: 1)
        }

        /// A build of `name` with cells `height` tall, in the scratch folder; returns its path.
        func build(_ name: String, height: Int) throws -> String {
            let path = scratch.path + "/lib\(name)-\(height).so"
            try ReloadablePlugin.build(named: name, cellHeight: height, to: path)
            return path
        }

        /// The frame of cell 2 of `view`, or the error's code.
        func cell2(_ view: String = "w/col", id: Int) -> Any? {
            let response = client.request(
                "query", ["view": view, "element": ["category": "cell", "section": 0, "item": 2]], id: id)
            if let error = response?["error"] as? [String: Any] { return error["code"] }
            return ((response?["result"] as? [String: Any])?["element"] as? [String: Any])?["frame"]
        }

        /// Waits for the `index`-th `plugins/didChange` notification.
        func didChange(_ index: Int) -> [String: Any]? {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                let notes = client.messages.compactMap { $0 as? [String: Any] }.filter {
                    $0["method"] as? String == "plugins/didChange"
                }
                if notes.count > index { return notes[index]["params"] as? [String: Any] }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return nil
        }
    }

    static func frame(height: Double) -> [String: Double] { ["x": 0, "y": 2 * height, "width": 100, "height": height] }

    static func names(_ changes: [String: Any]?, _ key: String) -> [String]? { changes?[key] as? [String] }

    @Test(arguments: ["process", "none"])
    func aNewPluginIsAddedAndADeletedOneRemoved(isolation: String) throws {
        let fixture = try Fixture(isolation: isolation)
        #expect(fixture.cell2("w/fresh", id: 2) as? Int == -32002)
        try FileManager.default.copyItem(
            atPath: try fixture.build("fresh", height: 10), toPath: fixture.folder.path + "/libfresh.so")
        let added = fixture.didChange(0)
        #expect(Self.names(added, "added") == ["fresh"])
        #expect(Self.names(added, "changed") == [] && Self.names(added, "removed") == [])
        #expect(fixture.cell2("w/fresh", id: 3) as? [String: Double] == Self.frame(height: 10))

        try FileManager.default.removeItem(atPath: fixture.folder.path + "/libfresh.so")
        #expect(Self.names(fixture.didChange(1), "removed") == ["fresh"])
        #expect(fixture.cell2("w/fresh", id: 4) as? Int == -32002, "a view on a removed plugin reports it missing")
        #expect(fixture.cell2(id: 5) as? [String: Double] == Self.frame(height: 20), "other plugins are untouched")

        let junk = try fixture.folder.write("libjunk.so", "not a library at all")
        let refused = (fixture.didChange(2)?["refused"] as? [[String: Any]])?.first
        #expect(refused?["path"] as? String == junk)
        #expect((refused?["refused"] as? String)?.contains("not a loadable library") == true)
        #expect(fixture.client.finish() == 0)
    }

    @Test(arguments: ["process", "none"])
    func aRebuildRenamedOverOrCopiedInPlaceWhileQueryingIsReloaded(isolation: String) throws {
        let fixture = try Fixture(isolation: isolation)
        #expect(fixture.cell2(id: 2) as? [String: Double] == Self.frame(height: 20))
        let taller = try fixture.build("column", height: 30), tallest = try fixture.build("column", height: 40)

        // Renamed over the loaded file (what lld does), with queries in flight.
        let staged = fixture.folder.path + "/libcolumn.so.tmp7"
        try FileManager.default.copyItem(atPath: taller, toPath: staged)
        for id in 100..<120 {
            fixture.client.send([
                "jsonrpc": "2.0", "id": id, "method": "query",
                "params": ["view": "w/col", "rect": ["x": 0, "y": 0, "width": 100, "height": 100]],
            ])
        }
        #expect(rename(staged, fixture.library) == 0)
        for id in 120..<140 {
            fixture.client.send([
                "jsonrpc": "2.0", "id": id, "method": "query",
                "params": ["view": "w/col", "rect": ["x": 0, "y": 0, "width": 100, "height": 100]],
            ])
        }
        #expect(Self.names(fixture.didChange(0), "changed") == ["column"])
        #expect(
            fixture.cell2(id: 3) as? [String: Double] == Self.frame(height: 30), "prepared again with the new build")

        // Rewritten in place (what `cp` does: the same inode truncated and written), with queries in flight.
        for id in 140..<160 {
            fixture.client.send([
                "jsonrpc": "2.0", "id": id, "method": "query",
                "params": ["view": "w/col", "rect": ["x": 0, "y": 0, "width": 100, "height": 100]],
            ])
        }
        try FileManager.default.contents(atPath: tallest)!.write(to: URL(fileURLWithPath: fixture.library))
        for id in 160..<180 {
            fixture.client.send([
                "jsonrpc": "2.0", "id": id, "method": "query",
                "params": ["view": "w/col", "rect": ["x": 0, "y": 0, "width": 100, "height": 100]],
            ])
        }
        #expect(Self.names(fixture.didChange(1), "changed") == ["column"])
        #expect(fixture.cell2(id: 4) as? [String: Double] == Self.frame(height: 40))
        for id in 100..<180 {
            let count = ((fixture.client.response(id: id)?["result"] as? [String: Any])?["elements"] as? [Any])?.count
            #expect(
                count == 3 || count == 4,
                "query \(id) answered by one build or another (heights 20–40 in a 100-point rect)")
        }
        #expect(fixture.client.finish() == 0)
    }

    @Test(arguments: ["process", "none"])
    func reloadRescansAtOnceAndCanForceAPlugin(isolation: String) throws {
        let fixture = try Fixture(isolation: isolation)
        let nothing = fixture.client.request("reload", id: 2)?["result"] as? [String: Any]
        #expect(
            Self.names(nothing, "added") == [] && Self.names(nothing, "changed") == []
                && Self.names(nothing, "removed") == [])
        #expect((nothing?["refused"] as? [Any])?.isEmpty == true)
        #expect(fixture.cell2(id: 3) as? [String: Double] == Self.frame(height: 20))
        let forced = fixture.client.request("reload", ["plugins": ["column"]], id: 4)?["result"] as? [String: Any]
        #expect(Self.names(forced, "changed") == ["column"])
        #expect(fixture.cell2(id: 5) as? [String: Double] == Self.frame(height: 20))
        let bad = fixture.client.request("reload", ["plugins": "column"], id: 6)?["error"] as? [String: Any]
        #expect(bad?["code"] as? Int == -32602)
        #expect(bad?["message"] as? String == "invalid params: params.plugins: expected an array of plugin names")
        let methods =
            (fixture.client.request("initialize", id: 7)?["result"] as? [String: Any])?["methods"] as? [String]
        #expect(methods?.contains("reload") == true)
        #expect(fixture.client.finish() == 0)
    }

    @Test func aPluginMarkedBrokenIsUsableAgainOnceReloaded() throws {
        let fixture = try Fixture(isolation: "process")
        let crashing = fixture.scratch.path + "/libcolumn-crashing.so"
        try ReloadablePlugin.build(named: "column", cellHeight: 20, crashing: true, to: crashing)
        #expect(rename(crashing, fixture.library) == 0)
        #expect(Self.names(fixture.didChange(0), "changed") == ["column"])
        for id in 2..<5 {
            let error =
                fixture.client.request(
                    "query", ["view": "w/col", "rect": ["x": 0, "y": 0, "width": 100, "height": 100]], id: id)?["error"]
                as? [String: Any]
            #expect(((error?["data"] as? [String: Any])?["signal"] as? String) == "SIGSEGV")
        }
        let broken =
            fixture.client.request(
                "query", ["view": "w/col", "rect": ["x": 0, "y": 0, "width": 100, "height": 100]], id: 5)?["error"]
            as? [String: Any]
        #expect(
            (broken?["message"] as? String)?.hasSuffix(
                "plugin 'column' is disabled: it crashed 3 times in a minute; reload it to use it again") == true)

        // Forced to load again from the same file: no longer disabled (it crashes again, as built).
        #expect(
            Self.names(
                fixture.client.request("reload", ["plugins": ["column"]], id: 6)?["result"] as? [String: Any], "changed"
            ) == ["column"])
        let again =
            fixture.client.request(
                "query", ["view": "w/col", "rect": ["x": 0, "y": 0, "width": 100, "height": 100]], id: 7)?["error"]
            as? [String: Any]
        #expect(((again?["data"] as? [String: Any])?["signal"] as? String) == "SIGSEGV")

        // A fixed build renamed over it: changed, and the view answers with it.
        let fixed = try fixture.build("column", height: 30)
        #expect(rename(fixed, fixture.library) == 0)
        #expect(Self.names(fixture.didChange(1), "changed") == ["column"])
        #expect(fixture.cell2(id: 8) as? [String: Double] == Self.frame(height: 30))
        #expect(fixture.client.finish() == 0)
    }
}
