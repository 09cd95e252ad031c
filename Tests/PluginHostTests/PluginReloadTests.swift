import Foundation
import LayoutKit
import PluginHost
import TestSupport
import Testing

/// Plugins are loaded from private copies, so their files may be rebuilt at any time, and a
/// rescan of the folders says what was added, changed, removed or refused.
struct PluginReloadTests {
    static let data = DataSet.items([1, 2, 3])

    /// The frame of cell `item` in a fresh layout of `plugin`, prepared with three items.
    func frame(of item: Int, in plugin: LoadedPlugin) throws -> Rect? {
        let layout = try InProcessBackend(plugin: plugin).makeInstance(options: [:])
        try layout.prepare(data: Self.data, bounds: Rect(x: 0, y: 0, width: 100, height: 100), cancel: CancelFlag())
        return try layout.attributes(for: .cell(0, item))?.frame
    }

    @Test func aPluginIsLoadedFromAPrivateCopyNotItsFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/libcolumn.so"
        try ReloadablePlugin.build(named: "column", cellHeight: 20, to: path)
        let plugin = try PluginLoader.load(path: path)
        #expect(plugin.path == path)
        #expect(plugin.imagePath != path && plugin.imagePath.hasSuffix("-libcolumn.so"))
        #expect(FileManager.default.contentsEqual(atPath: plugin.imagePath, andPath: path))
    }

    @Test func overwritingALoadedFileInPlaceLeavesTheRunningLayoutAlone() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/libcolumn.so", rebuilt = folder.path + "/rebuilt.so.tmp"
        try ReloadablePlugin.build(named: "column", cellHeight: 20, to: path)
        try ReloadablePlugin.build(named: "column", cellHeight: 30, to: rebuilt)
        let plugin = try PluginLoader.load(path: path)
        let layout = try InProcessBackend(plugin: plugin).makeInstance(options: [:])
        try layout.prepare(data: Self.data, bounds: Rect(x: 0, y: 0, width: 100, height: 100), cancel: CancelFlag())
        // What `cp rebuilt.so libcolumn.so` does: truncate the same inode, write the new bytes.
        _ = try ProcessRunner.run("/usr/bin/env", ["truncate", "-s", "0", path])
        try FileManager.default.contents(atPath: rebuilt)!.write(to: URL(fileURLWithPath: path))
        #expect(try layout.attributes(for: .cell(0, 2))?.frame == Rect(x: 0, y: 40, width: 100, height: 20))
        #expect(try frame(of: 2, in: try PluginLoader.load(path: path)) == Rect(x: 0, y: 60, width: 100, height: 30))
    }

    @Test func aRescanReportsAddedChangedRemovedAndRefusedFiles() throws {
        let folder = try TemporaryFolder()
        try ReloadablePlugin.build(named: "column", cellHeight: 20, to: folder.path + "/libcolumn.so")
        try ReloadablePlugin.build(named: "doomed", cellHeight: 20, to: folder.path + "/libdoomed.so")
        let first = PluginRegistry.discover(in: [folder.path])
        #expect(first.plugins.keys.sorted() == ["column", "doomed"])

        let unchanged = first.rescanned()
        #expect(unchanged.changes.isEmpty)
        #expect(unchanged.registry.plugins["column"] === first.plugins["column"])

        // A rebuild renamed over the loaded file, a new plugin, a deletion, and a file that is no library.
        try ReloadablePlugin.build(named: "column", cellHeight: 30, to: folder.path + "/libcolumn.so.tmp1")
        try FileManager.default.moveItem(
            atPath: folder.path + "/libcolumn.so.tmp1", toPath: folder.path + "/libcolumn.so.renamed")
        #expect(rename(folder.path + "/libcolumn.so.renamed", folder.path + "/libcolumn.so") == 0)
        try ReloadablePlugin.build(named: "fresh", cellHeight: 10, to: folder.path + "/libfresh.so")
        try FileManager.default.removeItem(atPath: folder.path + "/libdoomed.so")
        let junk = try folder.write("libjunk.so", "not a library")
        let (second, changes) = unchanged.registry.rescanned()
        #expect(changes.added == ["fresh"])
        #expect(changes.changed == ["column"])
        #expect(changes.removed == ["doomed"])
        #expect(changes.refused.map(\.path) == [junk])
        #expect(try frame(of: 2, in: #require(second.plugins["column"])) == Rect(x: 0, y: 60, width: 100, height: 30))

        // A refusal already reported is not reported again; fixing the file adds the plugin.
        #expect(second.rescanned().changes.isEmpty)
        try ReloadablePlugin.build(named: "junk", cellHeight: 5, to: junk)
        let third = second.rescanned()
        #expect(third.changes.added == ["junk"] && third.changes.refused.isEmpty)
        #expect(third.registry.refusals.isEmpty)
    }

    @Test func forcingAPluginLoadsItAgainEvenIfItsFileIsTheSame() throws {
        let folder = try TemporaryFolder()
        try ReloadablePlugin.build(named: "column", cellHeight: 20, to: folder.path + "/libcolumn.so")
        let first = PluginRegistry.discover(in: [folder.path])
        let (second, changes) = first.rescanned(forcing: ["column"])
        #expect(changes.changed == ["column"])
        #expect(second.plugins["column"] !== first.plugins["column"])
        #expect(second.plugins["column"]?.imagePath != first.plugins["column"]?.imagePath)
    }
}
