import Foundation
import TestSupport
import Testing

/// Plugins that misbehave, seen through the real `workbench run`: each bad view is reported
/// where it is, with the exit status, and the rest are laid out.
struct PluginFaultRunTests {
    @Test(arguments: ["process", "none"])
    func runReportsEachBadViewWhereItIsAndLaysOutTheRest(isolation: String) throws {
        let fixture = try PluginFaultTests.Fixture([.well, .nan, .failQuery, .futureABI, .unordered])
        let result = try ProcessRunner.run(
            BuildProducts.executable("workbench"),
            ["run", fixture.workspace, "--plugins", fixture.folder.path, "--isolation", isolation])
        #expect(result.status == 1)
        let views = result.standardOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        #expect(views.map { $0["view"] as? String } == ["well", "unordered"])
        #expect((views.last?["elements"] as? [[String: Any]])?.map { $0["item"] as? Int } == [0, 1, 2, 3, 4])
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "\(fixture.workspace):5:3: error: view 'nan' (fault-nan): plugin 'fault-nan' gave cell [0, 1] a bad frame.x: nan is not a finite number"
            ))
        #expect(
            lines.contains {
                $0.hasPrefix("\(fixture.workspace):6:3: error: view 'failquery'") && $0.contains("WB_ERROR_LAYOUT")
            })
        #expect(lines.contains { $0.hasPrefix("\(fixture.workspace):7:") && $0.contains("plugin ABI version 3") })
        #expect(
            lines.contains(
                "warning: \(fixture.workspace): view 'unordered': plugin 'fault-unordered' returned elements out of canonical order; the workbench repaired the answer"
            ))
        #expect(lines.last == "workbench: 2 views laid out, 3 failed")
    }
}
