import Foundation
import TestSupport
import Testing

/// `--jobs` and `--shard` on `run` and `check`: the same output as a sequential run.
struct BatchParallelTests {
    let workbench = BuildProducts.executable("workbench")
    let workspaces = BuildProducts.repositoryRoot + "/Workspaces"
    /// Eight views, without the generated class hierarchy's 25 728 elements (to keep the test quick).
    var batch: [String] { ["circles.yaml", "mark-sheet.yaml", "tv-guide.yaml"].map { workspaces + "/" + $0 } }

    func run(_ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.run(workbench, arguments)
    }

    @Test func runWithJobsPrintsWhatASequentialRunPrints() throws {
        let sequential = try run(["run"] + batch + ["--jobs", "1"])
        #expect(sequential.status == 0)
        #expect(sequential.standardOutput.split(separator: "\n").count == 9)
        for jobs in ["2", "3", "8"] {
            let parallel = try run(["run"] + batch + ["--jobs", jobs])
            #expect(parallel.standardOutput == sequential.standardOutput)
            #expect(parallel.standardError == sequential.standardError)
        }
        #expect(try run(["run"] + batch).standardOutput == sequential.standardOutput)
    }

    @Test func shardsAreDisjointAndTogetherTheWholeInRoundRobin() throws {
        let lines = try run(["run"] + batch + ["--jobs", "1"]).standardOutput.split(separator: "\n")
        for count in [1, 3, 9] {
            var union: [Substring] = []
            for index in 1...count {
                let shard = try run(["run"] + batch + ["--shard", "\(index)/\(count)", "--jobs", "2"])
                #expect(shard.status == 0)
                let part = shard.standardOutput.split(separator: "\n")
                #expect(part == lines.enumerated().filter { $0.offset % count == index - 1 }.map(\.element))
                union += part
            }
            #expect(union.sorted() == lines.sorted())
        }
    }

    @Test func checkWithJobsAndShardsReportsWhatASequentialCheckReports() throws {
        let folder = try TemporaryFolder()
        let bad = try folder.write(
            "bad.yaml", "views:\n  v: {layout: nowhere, source: s}\nsources:\n  s: {items: [1]}\n")
        let broken = try folder.write("broken.yaml", "views: [\n")
        let paths = [workspaces + "/mark-sheet.yaml", bad, broken, workspaces + "/circles.yaml", "--rects", "20"]
        let sequential = try run(["check"] + paths + ["--jobs", "1"])
        #expect(sequential.status == 1)
        #expect(
            sequential.standardOutput.hasSuffix(
                "workbench check: 7 views checked, 7 passed, 0 failed (0 violations), 2 errors\n"))
        #expect(try run(["check"] + paths + ["--jobs", "4"]).standardOutput == sequential.standardOutput)
        let first = try run(["check"] + paths + ["--shard", "1/2"]),
            second = try run(["check"] + paths + ["--shard", "2/2"])
        // Views 0…7 in order (the bad view is number 3); a file that cannot be read fails every shard.
        #expect(first.standardOutput.hasSuffix("4 views checked, 4 passed, 0 failed (0 violations), 1 error\n"))
        #expect(second.standardOutput.hasSuffix("3 views checked, 3 passed, 0 failed (0 violations), 2 errors\n"))
        #expect(first.standardOutput.contains("broken.yaml") && second.standardOutput.contains("broken.yaml"))
    }
}
