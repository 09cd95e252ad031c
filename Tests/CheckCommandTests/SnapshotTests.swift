import Foundation
import TestSupport
import Testing

/// `workbench check --snapshots`: recording, matching, and a short diff on a mismatch.
struct SnapshotTests {
    let workbench = BuildProducts.executable("workbench")
    let markSheet = BuildProducts.repositoryRoot + "/Workspaces/mark-sheet.yaml"

    func check(_ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.run(workbench, ["check", markSheet, "--rects", "20"] + arguments)
    }

    @Test func recordedSnapshotsAreWhatRunOutputWritesAndMatchTheNextCheck() throws {
        let folder = try TemporaryFolder()
        let snapshots = folder.path + "/snapshots", output = folder.path + "/output"
        let recorded = try check(["--snapshots", snapshots, "--record"])
        #expect(recorded.status == 0)
        #expect(
            recorded.standardOutput
                == "workbench check: 3 views checked, 3 passed, 0 failed (0 violations), 0 errors; 3 snapshots recorded\n"
        )
        #expect(try ProcessRunner.run(workbench, ["run", markSheet, "--output", output]).status == 0)
        for view in ["marks", "marks-phone", "inline"] {
            let snapshot = FileManager.default.contents(atPath: "\(snapshots)/mark-sheet/\(view).json")
            #expect(
                snapshot != nil && snapshot == FileManager.default.contents(atPath: "\(output)/mark-sheet/\(view).json")
            )
        }
        let matched = try check(["--snapshots", snapshots])
        #expect(matched.status == 0)
        #expect(
            matched.standardOutput == "workbench check: 3 views checked, 3 passed, 0 failed (0 violations), 0 errors\n")
    }

    @Test func aMismatchPrintsTheElementTheFieldAndBothValues() throws {
        let folder = try TemporaryFolder()
        let snapshots = folder.path + "/snapshots"
        #expect(try check(["--snapshots", snapshots, "--record"]).status == 0)
        let file = snapshots + "/mark-sheet/inline.json"
        var text = try String(contentsOfFile: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"x\": 237.5,", with: "\"x\": 240,")
        text = text.replacingOccurrences(of: "\"height\": 140,", with: "\"height\": 141,")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: snapshots + "/mark-sheet/marks.json")
        let result = try check(["--snapshots", snapshots])
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                \(markSheet):12:3: error: view 'marks' (mark-sheet): snapshot: layout: nothing recorded at \(snapshots)/mark-sheet/marks.json; record it with --record
                \(markSheet):21:3: error: view 'inline' (mark-sheet): snapshot: layout: contentSize.height: recorded 141, now 140
                \(markSheet):21:3: error: view 'inline' (mark-sheet): snapshot: cell [0, 1]: frame.x: recorded 240, now 237.5
                \(markSheet):21:3: error: view 'inline' (mark-sheet): snapshot: cell [1, 1]: frame.x: recorded 240, now 237.5
                \(markSheet):21:3: error: view 'inline' (mark-sheet): snapshot: supplementary columnHeader [0, 1]: frame.x: recorded 240, now 237.5
                workbench check: 3 views checked, 1 passed, 2 failed (5 violations), 0 errors

                """)
    }
}
