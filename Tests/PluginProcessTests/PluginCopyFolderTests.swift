import Foundation
import TestSupport
import Testing

/// The private copies of plugin libraries live in a folder per process; killed processes' folders are swept.
struct PluginCopyFolderTests {
    /// A pid that belonged to a process which has ended.
    func endedProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func aRunRemovesFoldersOfEndedProcessesAndItsOwn() throws {
        let temporary = try TemporaryFolder()
        let ended = temporary.path + "/workbench-plugins.\(try endedProcessID()).AbC123"
        let living = temporary.path + "/workbench-plugins.\(getpid()).XyZ789"
        let unrelated = temporary.path + "/workbench-plugins.notapid"
        for folder in [ended, living, unrelated] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            #expect(FileManager.default.createFile(atPath: folder + "/libCircles.so", contents: Data([0x7F])))
        }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        let result = try ProcessRunner.run(
            BuildProducts.executable("workbench"),
            ["run", BuildProducts.repositoryRoot + "/Workspaces/circles.yaml"],
            environment: environment)
        #expect(result.status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).sorted()
        #expect(left == ["workbench-plugins.\(getpid()).XyZ789", "workbench-plugins.notapid"])
    }
}
