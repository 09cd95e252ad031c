import FileWatching
import Foundation
import TestSupport
import Testing

/// Real files in a temporary folder, really written and renamed, really watched.
struct FileWatcherTests {
    /// Collects reported bursts; waits for the next one.
    final class Reports: @unchecked Sendable {  // Unchecked: `bursts` under `condition`.
        private let condition = NSCondition()
        private var bursts: [[String]] = []

        func add(_ burst: [String]) {
            condition.withLock {
                bursts.append(burst)
                condition.broadcast()
            }
        }

        /// The `index`-th burst, waiting up to 10 s for it.
        func burst(_ index: Int) -> [String]? {
            condition.withLock {
                let deadline = Date().addingTimeInterval(10)
                while bursts.count <= index && condition.wait(until: deadline) {}
                return bursts.count > index ? bursts[index] : nil
            }
        }

        var count: Int { condition.withLock { bursts.count } }
    }

    @Test func writesAndRenamesIntoPlaceAreReportedOncePerBurst() throws {
        let folder = try TemporaryFolder()
        let watched = try folder.write("w.yaml", "a"), data = try folder.write("data.csv", "b")
        _ = try folder.write("other.txt", "c")
        let reports = Reports()
        let watcher = try FileWatcher(paths: [watched, data], debounce: 0.1) { reports.add($0) }
        defer { watcher.stop() }
        let canonical = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }

        try "a2".write(toFile: watched, atomically: false, encoding: .utf8)  // in place: CLOSE_WRITE
        try "a3".write(toFile: watched, atomically: false, encoding: .utf8)  // same burst
        #expect(reports.burst(0) == [canonical(watched)])

        try "b2".write(toFile: data, atomically: true, encoding: .utf8)  // a temporary file renamed over it: MOVED_TO
        #expect(reports.burst(1) == [canonical(data)])

        try "c2".write(toFile: folder.path + "/other.txt", atomically: false, encoding: .utf8)
        try "a4".write(toFile: watched, atomically: false, encoding: .utf8)
        #expect(reports.burst(2) == [canonical(watched)], "files not watched are not reported")

        watcher.watch([data])
        try "a5".write(toFile: watched, atomically: false, encoding: .utf8)
        try "b3".write(toFile: data, atomically: false, encoding: .utf8)
        #expect(reports.burst(3) == [canonical(data)], "the new set of files replaces the old")
        #expect(watcher.paths == [canonical(data)])
    }
}
