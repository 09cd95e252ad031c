import Foundation
import TestSupport
import Testing

/// `workbench mcp` driven by the official MCP Python SDK over real pipes
/// (Tests/MCPClient/mcp_client_test.py): initialize, every tool on every bundled view, a broken
/// workspace, a crashing plugin, cancellation, progress, a resource update after an edit.
///
/// Needs `python3` with the `mcp` package, 2.x (`pip install mcp`; CI pins 2.3.0); without it the test is skipped,
/// unless `WORKBENCH_REQUIRE_MCP_CLIENT=1` (as CI sets it) makes the lack a failure.
struct MCPClientTests {
    static let isClientInstalled =
        (try? ProcessRunner.run("/usr/bin/env", ["python3", "-c", "import mcp.client.stdio, mcp_types"]).status) == 0
    static let isClientRequired = ProcessInfo.processInfo.environment["WORKBENCH_REQUIRE_MCP_CLIENT"] == "1"

    @Test(.enabled(if: isClientInstalled || isClientRequired))
    func theOfficialPythonClientPassesEveryScenario() throws {
        let plugins = try TemporaryFolder()
        try FaultyPlugin.build([.well, .segfault, .spin], in: plugins.path)
        var arguments = [
            BuildProducts.repositoryRoot + "/Tests/MCPClient/mcp_client_test.py",
            "--workbench", BuildProducts.executable("workbench"), "--faulty", plugins.path,
        ]
        if let artifacts = ProcessInfo.processInfo.environment["WORKBENCH_ARTIFACTS"] {
            arguments += ["--artifacts", artifacts]
        }
        let result = try ProcessRunner.run(
            "/usr/bin/env", ["python3"] + arguments, directory: BuildProducts.repositoryRoot)
        #expect(result.status == 0, "\(result.standardOutput)\n\(result.standardError)")
        #expect(result.standardOutput.contains("mcp client: 13 passed, 0 failed"), "\(result.standardOutput)")
    }
}
