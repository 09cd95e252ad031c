import Foundation
import TestSupport
import Testing

/// A brief seeded run of the project's own fuzzer (`workbench-fuzz`) against the real
/// `workbench run` and `workbench serve`: generated workspaces and hostile JSON-RPC traffic
/// must cause no crash, hang, unlocated error, `null` number or protocol violation.
struct FuzzSmokeTests {
    @Test func aBriefSeededFuzzRunFindsNothing() throws {
        let failures = try TemporaryFolder()
        let result = try ProcessRunner.run(
            BuildProducts.executable("workbench-fuzz"),
            ["--seconds", "3", "--seed", "8", "--failures", failures.path])
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(
            result.standardOutput.contains(
                "0 crashes, 0 hangs, 0 unlocated errors, 0 null numbers, 0 protocol violations"))
        let workspaces = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("workspaces: ") }
        #expect(workspaces.map { !$0.hasPrefix("workspaces: 0,") && !$0.contains("messages: 0 ") } == true)
    }
}
