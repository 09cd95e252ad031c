import Foundation
import TestSupport
import Testing

/// `workbench run` streams each view in pieces: views larger than a piece come out whole and
/// the same whichever path writes them (streamed in turn, or written ahead by a worker).
struct RunStreamingTests {
    let workbench = BuildProducts.executable("workbench")

    /// A tree of 8,000 nodes (about 2.5 MB of JSON, extra fields on every cell), a mark sheet of
    /// 10,000 cells (handed over by the plugin in pieces), and a small circles view between them.
    static let workspace = """
        sources:
          tree: {generate: {nodes: 8000, fanout: 3, seed: 5}}
          marks: {generate: {sections: 100, items: 100}}
          sizes: {items: [40, 60, 80]}
        views:
          big-tree: {layout: tree, source: tree, viewport: {width: 1024, height: 768}}
          small: {layout: circles, source: sizes, viewport: {width: 375, height: 667}}
          sheet: {layout: mark-sheet, source: marks, viewport: {width: 1024, height: 768}}
        """

    @Test func largeViewsStreamWholeAndTheSameSequentiallyInParallelAndToFiles() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/big.yaml"
        try Self.workspace.write(toFile: file, atomically: true, encoding: .utf8)
        let sequential = try ProcessRunner.run(workbench, ["run", file])
        let parallel = try ProcessRunner.run(workbench, ["run", file, "--jobs", "3"])
        #expect(sequential.status == 0 && parallel.status == 0)
        #expect(sequential.standardOutput == parallel.standardOutput)
        let lines = sequential.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].utf8.count > 1 << 20)
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let elements = try #require(tree["elements"] as? [[String: Any]])
        #expect(elements.count > 8_000 && elements[0]["children"] != nil)
        #expect(tree["view"] as? String == "big-tree")

        let output = folder.path + "/out"
        let files = try ProcessRunner.run(workbench, ["run", file, "--output", output, "--jobs", "2"])
        #expect(files.status == 0)
        for (index, name) in ["big-tree", "small", "sheet"].enumerated() {
            let written = try Data(contentsOf: URL(fileURLWithPath: "\(output)/big/\(name).json"))
            let fromFile = try JSONSerialization.jsonObject(with: written) as? NSDictionary
            let fromLine = try JSONSerialization.jsonObject(with: Data(lines[index].utf8)) as? NSDictionary
            #expect(fromFile != nil && fromFile == fromLine, "\(name)")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output + "/big").sorted() == [
                "big-tree.json", "sheet.json", "small.json",
            ])
    }
}

/// Views above the band size: stdout takes two passes (check, then write), a `--output` file one
/// pass, taken back and written whole when the layout's bands turn out not to be in canonical
/// order (the C grid puts its header above its cells: its second band starts before the header).
/// Both give the same layouts, and no partial file is left.
struct RunBandedTests {
    let workbench = BuildProducts.executable("workbench")

    @Test func filesWrittenInOnePassMatchStandardOutputWrittenInTwo() throws {
        let folder = try TemporaryFolder()
        let include = BuildProducts.repositoryRoot + "/Sources/CLayoutABI/include"
        let compiled = try ProcessRunner.run(
            "/usr/bin/env",
            [
                "cc", "-shared", "-fPIC", "-DBUG=0", "-I", include, "-o", folder.path + "/libgrid.so",
                BuildProducts.repositoryRoot + "/Tests/TestSupport/Fixtures/buggy_grid.c",
            ])
        #expect(compiled.status == 0, "\(compiled.standardError)")
        let file = folder.path + "/banded.yaml"
        try """
        sources:
          tree: {generate: {nodes: 17000, fanout: 3, seed: 5}}
          week: {generate: {sections: 50, items: 400}}
          column: {generate: {sections: 1, items: 17000}}
        views:
          tree: {layout: tree, source: tree, viewport: {width: 1024, height: 768}}
          guide: {layout: guide, source: week, viewport: {width: 1024, height: 768}}
          grid: {layout: grid, source: column, viewport: {width: 400, height: 400}}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let lines = try ProcessRunner.run(workbench, ["run", file, "--plugins", folder.path])
        #expect(lines.status == 0)
        let output = folder.path + "/out"
        let files = try ProcessRunner.run(workbench, ["run", file, "--output", output, "--plugins", folder.path])
        #expect(files.status == 0)
        let fromLines = lines.standardOutput.split(separator: "\n")
        #expect(fromLines.count == 3)
        for (index, name) in ["tree", "guide", "grid"].enumerated() where index < fromLines.count {
            let written = try Data(contentsOf: URL(fileURLWithPath: "\(output)/banded/\(name).json"))
            let fromFile = try JSONSerialization.jsonObject(with: written) as? NSDictionary
            let fromLine = try JSONSerialization.jsonObject(with: Data(fromLines[index].utf8)) as? NSDictionary
            #expect(fromFile != nil && fromFile == fromLine, "\(name)")
            #expect(((fromFile?["elements"] as? [Any])?.count ?? 0) > 16_384, "\(name)")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output + "/banded").sorted() == [
                "grid.json", "guide.json", "tree.json",
            ])
    }
}
