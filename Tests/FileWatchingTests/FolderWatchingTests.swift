import FileWatching
import Foundation
import TestSupport
import Testing

extension FileWatcherTests {
    @Test func aWatchedFolderReportsAcceptedNamesWrittenRenamedInOrOutAndDeleted() throws {
        let folder = try TemporaryFolder()
        let reports = Reports()
        let watcher = try FileWatcher(folders: [folder.path], accepting: { $0.hasSuffix(".so") }, debounce: 0.1) {
            reports.add($0)
        }
        defer { watcher.stop() }
        let inFolder = { (name: String) in URL(fileURLWithPath: folder.path + "/" + name).standardizedFileURL.path }

        try folder.write("liba.so", "new")  // created and written: CLOSE_WRITE
        #expect(reports.burst(0) == [inFolder("liba.so")])

        try folder.write("libb.so.tmp123", "linker output")  // not an accepted name
        #expect(rename(inFolder("libb.so.tmp123"), inFolder("libb.so")) == 0)  // MOVED_TO
        #expect(reports.burst(1) == [inFolder("libb.so")])

        try FileManager.default.removeItem(atPath: inFolder("liba.so"))  // DELETE
        #expect(rename(inFolder("libb.so"), inFolder("libb.old")) == 0)  // MOVED_FROM
        #expect(reports.burst(2) == [inFolder("liba.so"), inFolder("libb.so")])
        try folder.write("notes.txt", "ignored")
        try folder.write("libc.so", "reported")
        #expect(reports.burst(3) == [inFolder("libc.so")], "names not accepted are not reported")
    }

    @Test func aFolderDeletedOrRenamedAwayIsWatchedAgainWhenItComesBack() throws {
        let root = try TemporaryFolder()
        let folder = URL(fileURLWithPath: root.path + "/plugins").standardizedFileURL.path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let reports = Reports()
        let watcher = try FileWatcher(folders: [folder], accepting: { $0.hasSuffix(".so") }, debounce: 0.1) {
            reports.add($0)
        }
        defer { watcher.stop() }

        try FileManager.default.removeItem(atPath: folder)
        #expect(reports.burst(0) == [folder], "a deleted folder means: look again")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(reports.burst(1) == [folder])
        try root.write("plugins/liba.so", "new")
        #expect(reports.burst(2) == [folder + "/liba.so"], "the recreated folder is watched")

        #expect(rename(folder, root.path + "/old") == 0)
        #expect(reports.burst(3) == [folder])
        try root.write("old/libb.so", "elsewhere now")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(reports.burst(4) == [folder], "a folder renamed away is not followed")
        try root.write("plugins/libc.so", "new")
        #expect(reports.burst(5) == [folder + "/libc.so"])
    }

    @Test func aFolderThatDoesNotExistYetIsWatchedOnceCreated() throws {
        let root = try TemporaryFolder()
        let folder = URL(fileURLWithPath: root.path + "/later").standardizedFileURL.path
        let reports = Reports()
        let watcher = try FileWatcher(folders: [folder], accepting: { $0.hasSuffix(".so") }, debounce: 0.1) {
            reports.add($0)
        }
        defer { watcher.stop() }

        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(reports.burst(0) == [folder])
        try root.write("later/liba.so", "new")
        #expect(reports.burst(1) == [folder + "/liba.so"])
    }
}
