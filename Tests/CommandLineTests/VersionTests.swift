import Foundation
import TestSupport
import Testing

/// `workbench --version` (issue 27) names the version `serve` reports and the plugin ABI.
struct VersionTests {
    @Test func versionNamesTheServersVersionAndThePluginABI() throws {
        let workbench = BuildProducts.executable("workbench")
        let printed = try ProcessRunner.run(workbench, ["--version"])
        #expect(printed.status == 0)
        let header = try String(
            contentsOfFile: BuildProducts.repositoryRoot + "/Sources/CLayoutABI/include/workbench_layout.h",
            encoding: .utf8)
        let major = try #require(header.firstMatch(of: /#define WB_ABI_VERSION (\d+)u/)?.1)
        let minor = try #require(header.firstMatch(of: /#define WB_ABI_MINOR_VERSION (\d+)u/)?.1)
        let served = try ProcessRunner.run(
            workbench, ["serve"],
            input: Data(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#.utf8 + [10]))
        let version = try #require(served.standardOutput.firstMatch(of: /"name":"workbench","version":"([0-9.]+)"/)?.1)
        #expect(printed.standardOutput == "workbench \(version) (plugin ABI \(major).\(minor))\n")
    }
}
