import Foundation
import TestSupport
import Testing

/// `workbench run`, spawned as a real process on real files.
struct RunCommandTests {
    let workbench = BuildProducts.executable("workbench")

    func run(_ arguments: [String], directory: String? = nil) throws -> ProcessResult {
        try ProcessRunner.run(workbench, ["run"] + arguments, directory: directory)
    }

    func jsonLines(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func theBundledCirclesWorkspacePrintsOneLinePerView() throws {
        let result = try run([BuildProducts.repositoryRoot + "/Workspaces/circles.yaml"])
        #expect(result.status == 0)
        let lines = try jsonLines(result.standardOutput)
        #expect(lines.map { $0["view"] as? String } == ["alarms", "alarms-wide", "many-alarms", "alarms-as-wall"])
        #expect(lines.allSatisfy { $0["workspace"] as? String == "circles" })
        #expect(lines.map { $0["layout"] as? String } == ["circles", "circles", "circles", "waterfall"])
        let alarms = lines[0]
        #expect(alarms["contentSize"] as? [String: Double] == ["width": 375, "height": 620])
        let elements = try #require(alarms["elements"] as? [[String: Any]])
        #expect(elements.count == 8)
        #expect(elements[7]["frame"] as? [String: Double] == ["x": 75, "y": 400, "width": 200, "height": 200])
        #expect(elements[7]["item"] as? Int == 7 && elements[7]["category"] as? String == "cell")
        #expect((lines[2]["elements"] as? [Any])?.count == 2000)
        #expect(result.standardError.contains("4 views laid out, 0 failed"))
    }

    @Test func aFolderRunsEveryWorkspaceInIt() throws {
        let result = try run([BuildProducts.repositoryRoot + "/Workspaces"])
        #expect(result.status == 0)
        #expect(try jsonLines(result.standardOutput).count >= 3)
    }

    @Test func outputWritesPrettySortedFilesPerView() throws {
        let folder = try TemporaryFolder()
        let result = try run([BuildProducts.repositoryRoot + "/Workspaces/circles.yaml", "--output", folder.path])
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
        let text = try String(contentsOfFile: folder.path + "/circles/alarms.json", encoding: .utf8)
        #expect(
            text.hasPrefix(
                "{\n  \"contentSize\": {\n    \"height\": 620,\n    \"width\": 375\n  },\n  \"direction\": \"leftToRight\",\n  \"elements\": [\n    {\n      \"alpha\": 1,"
            ))
        #expect(
            text.hasSuffix("  \"layout\": \"circles\",\n  \"view\": \"alarms\",\n  \"workspace\": \"circles\"\n}\n"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/circles/many-alarms.json"))
    }

    @Test func svgDrawsEachViewBesideItsJSON() throws {
        let folder = try TemporaryFolder()
        let result = try run([
            BuildProducts.repositoryRoot + "/Workspaces/circles.yaml",
            BuildProducts.repositoryRoot + "/Workspaces/mark-sheet.yaml",
            "--output", folder.path, "--svg",
        ])
        #expect(result.status == 0)
        let alarms = try String(contentsOfFile: folder.path + "/circles/alarms.svg", encoding: .utf8)
        #expect(alarms.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"375\" height=\"620\""))
        #expect(alarms.components(separatedBy: "<ellipse ").count - 1 == 8)
        #expect(alarms.contains("<ellipse cx=\"175\" cy=\"500\" rx=\"100\" ry=\"100\""))
        #expect(alarms.contains(">200</text>"))
        let marks = try String(contentsOfFile: folder.path + "/mark-sheet/marks.svg", encoding: .utf8)
        #expect(marks.components(separatedBy: "<rect ").count - 1 == 1 + 14 * 7 + 7 + 14 + 14)
        #expect(marks.contains(">Mathematics</text>") && marks.contains(">Aisha Khan</text>"))
        #expect(try ProcessRunner.run(workbench, ["run", "Workspaces", "--svg"]).status == 64)
    }

    @Test func aBrokenViewFailsAloneWithALocatedErrorAndExitStatus1() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "w.yaml",
            """
            sources:
              alarms: {items: [120, 400]}
            views:
              good: {layout: circles, source: alarms, viewport: {width: 500, height: 500}}
              narrow: {layout: circles, source: alarms}
              typo: {layout: circels, source: alarms}
            """)
        let result = try run(["w.yaml"], directory: folder.path)
        #expect(result.status == 1)
        #expect(try jsonLines(result.standardOutput).map { $0["view"] as? String } == ["good"])
        #expect(
            result.standardError
                == [
                    "w.yaml:2:25: error: view 'narrow' (circles): item [0, 1]: a circle of size 400 does not fit the 335-point row between the insets",
                    "    alarms: {items: [120, 400]}",
                    String(repeating: " ", count: 26) + "^",
                    "w.yaml:6:18: error: no layout plugin named 'circels' (did you mean 'circles'?) (available: circles, compositional, flow, guide, mark-sheet, tree, waterfall)",
                    "    typo: {layout: circels, source: alarms}",
                    String(repeating: " ", count: 19) + "^",
                    "workbench: 1 view laid out, 2 failed",
                    "",
                ].joined(separator: "\n"))
    }

    @Test func aSyntaxErrorOrAMissingPathFailsTheRun() throws {
        let folder = try TemporaryFolder()
        try folder.write("bad.yaml", "views: [\n")
        let result = try run(["bad.yaml", "missing.yaml"], directory: folder.path)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("bad.yaml:2:1: error: did not find expected node content"))
        #expect(result.standardError.contains("missing.yaml: error: no such file or folder\n"))
        #expect(
            result.standardError.hasSuffix("workbench: 0 views laid out, 0 failed, 1 file missing, 1 file unreadable\n")
        )
    }

    @Test func pluginsListsWhatItFoundAndRefused() throws {
        let folder = try TemporaryFolder()
        try folder.write("libjunk.so", "junk")
        let result = try ProcessRunner.run(workbench, ["plugins", "--plugins", folder.path])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("circles 1.0.0  " + BuildProducts.library("Circles")))
        #expect(result.standardOutput.contains("refused: \(folder.path)/libjunk.so: not a loadable library"))
    }

    @Test func usageErrorsExitWith64() throws {
        #expect(try ProcessRunner.run(workbench, ["run"]).status == 64)
        #expect(try ProcessRunner.run(workbench, ["frobnicate"]).status == 64)
    }
}
