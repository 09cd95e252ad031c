import Foundation
import TestSupport
import Testing

/// `workbench run`'s accounting: a missing or broken data file fails only the views on its
/// source; the summary counts views laid out, views failed, files missing and files unreadable apart.
struct RunAccountingTests {
    let workbench = BuildProducts.executable("workbench")

    func views(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["view"] as? String
        }
    }

    @Test func aMissingDataFileFailsOnlyTheViewsOnItsSource() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "w.yaml",
            """
            sources:
              alarms: {items: [120, 160]}
              marks: {file: data/marks.csv}
            views:
              first: {layout: circles, source: alarms}
              sheet: {layout: mark-sheet, source: marks}
              second: {layout: circles, source: alarms}
              sheet-phone: {layout: mark-sheet, source: marks, viewport: {width: 320, height: 480}}
            """)
        let result = try ProcessRunner.run(workbench, ["run", "w.yaml"], directory: folder.path)
        #expect(result.status == 1)
        #expect(views(result.standardOutput) == ["first", "second"])
        #expect(
            result.standardError
                == [
                    "w.yaml:3:17: error: no such file: data/marks.csv",
                    "    marks: {file: data/marks.csv}",
                    String(repeating: " ", count: 18) + "^",
                    "w.yaml:6:3: error: view 'sheet': its source 'marks' cannot be loaded: no such file: data/marks.csv",
                    "    sheet: {layout: mark-sheet, source: marks}",
                    "    ^",
                    "w.yaml:8:3: error: view 'sheet-phone': its source 'marks' cannot be loaded: no such file: data/marks.csv",
                    "    sheet-phone: {layout: mark-sheet, source: marks, viewport: {width: 320, height: 480}}",
                    "    ^",
                    "workbench: 2 views laid out, 2 failed, 1 file missing",
                    "",
                ].joined(separator: "\n"))

        // The file comes back: every view is laid out.
        try folder.write("data/marks.csv", "name,Maths\nAnn,81\n")
        let fixed = try ProcessRunner.run(workbench, ["run", "w.yaml"], directory: folder.path)
        #expect(fixed.status == 0, "\(fixed.standardError)")
        #expect(views(fixed.standardOutput) == ["first", "sheet", "second", "sheet-phone"])
        #expect(fixed.standardError == "workbench: 4 views laid out, 0 failed\n")
    }

    @Test func aBrokenDataFileAndABrokenViewEachCostOnlyTheirOwnViews() throws {
        let folder = try TemporaryFolder()
        try folder.write("data/marks.csv", "name,Maths\nAnn,81,99\n")
        try folder.write(
            "w.yaml",
            """
            sources:
              alarms: {items: [120, 160]}
              marks: {file: data/marks.csv}
            views:
              sheet: {layout: mark-sheet, source: marks}
              bad: {layout: circles, source: alarms, viewport: {width: -1, height: 10}}
              good: {layout: circles, source: alarms}
            """)
        let result = try ProcessRunner.run(workbench, ["run", "w.yaml"], directory: folder.path)
        #expect(result.status == 1)
        #expect(views(result.standardOutput) == ["good"])
        #expect(result.standardError.hasPrefix("data/marks.csv:2:"), "\(result.standardError)")
        #expect(result.standardError.contains("w.yaml:5:3: error: view 'sheet': its source 'marks' cannot be loaded: "))
        #expect(result.standardError.contains("w.yaml:6:"))
        #expect(result.standardError.hasSuffix("workbench: 1 view laid out, 2 failed, 1 file unreadable\n"))
    }

    @Test func unreadableWorkspaceFilesAreCountedApartFromViews() throws {
        let folder = try TemporaryFolder()
        try folder.write("bad.yaml", "views: [\n")
        try folder.write("good.yaml", "sources: {a: {items: [100]}}\nviews: {v: {layout: circles, source: a}}\n")
        let result = try ProcessRunner.run(
            workbench, ["run", "bad.yaml", "missing.yaml", "good.yaml"], directory: folder.path)
        #expect(result.status == 1)
        #expect(views(result.standardOutput) == ["v"])
        #expect(
            result.standardError.hasSuffix("workbench: 1 view laid out, 0 failed, 1 file missing, 1 file unreadable\n"))
    }
}
