import Foundation
import ServeClient
import Testing

/// A brief seeded run of the project's own fuzzer (`workbench-fuzz`) against the real
/// `workbench run` and `workbench serve` (the root package's build of this configuration):
/// generated workspaces and hostile JSON-RPC traffic must cause no crash, hang, unlocated
/// error, `null` number or protocol violation.
struct FuzzSmokeTests {
    @Test func aBriefSeededFuzzRunFindsNothing() throws {
        let workbench = WorkbenchExecutable.path()
        try #require(
            FileManager.default.isExecutableFile(atPath: workbench),
            "no workbench at \(workbench): run swift build in the repository first")
        let failures = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-smoke-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: failures) }
        let (status, output) = try run(
            Self.fuzz, ["--seconds", "3", "--seed", "8", "--failures", failures, "--workbench", workbench])
        #expect(status == 0, "\(output)")
        #expect(output.contains("0 crashes, 0 hangs, 0 unlocated errors, 0 null numbers, 0 protocol violations"))
        let workspaces = output.split(separator: "\n").first { $0.hasPrefix("workspaces: ") }
        #expect(workspaces.map { !$0.hasPrefix("workspaces: 0,") && !$0.contains("messages: 0 ") } == true)
    }

    /// `workbench-fuzz`, built beside this test bundle.
    static var fuzz: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("workbench-fuzz").path
    }

    /// Runs `executable` to its end: its exit status and standard output.
    private func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
