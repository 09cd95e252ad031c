import Foundation
import TestSupport
import Testing

/// `workbench check`, spawned as a real process, on the bundled workspaces and on C plugins
/// compiled here with one bug each.
struct CheckCommandTests {
    let workbench = BuildProducts.executable("workbench")

    static let workspace = """
        sources:
          numbers:
            items: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
        views:
          numbers:
            layout: grid
            source: numbers
            viewport: {width: 375, height: 300}
        """

    /// Compiles the buggy grid with `-DBUG=<bug>` into `<folder>/plugins/libgrid.so`, writes
    /// the workspace, and checks it.
    func check(
        bug: String, in folder: TemporaryFolder, arguments: [String] = [], header: String = "Sources/CLayoutABI/include"
    ) throws -> ProcessResult {
        let plugins = (folder.path as NSString).appendingPathComponent("plugins")
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        let source = BuildProducts.repositoryRoot + "/Tests/TestSupport/Fixtures/buggy_grid.c"
        let include = BuildProducts.repositoryRoot + "/" + header
        let compiled = try ProcessRunner.run(
            "/usr/bin/env",
            [
                "cc", "-shared", "-fPIC", "-DBUG=\(bug)", "-I", include,
                "-o", plugins + "/libgrid.so", source, "-lm",
            ])
        #expect(compiled.status == 0, "\(compiled.standardError)")
        let file = try folder.write("grid.yaml", Self.workspace)
        return try ProcessRunner.run(workbench, ["check", file, "--plugins", plugins, "--rects", "60"] + arguments)
    }

    @Test func theBundledWorkspacesKeepTheContract() throws {
        // Both directions: every invariant right to left too (the mirror invariant runs on every flipping view anyway).
        let result = try ProcessRunner.run(
            workbench, ["check", BuildProducts.repositoryRoot + "/Workspaces", "--direction", "both"])
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput.hasSuffix("views checked, 28 passed, 0 failed (0 violations), 0 errors\n"))
    }

    @Test func aCorrectCPluginPasses() throws {
        let folder = try TemporaryFolder()
        let result = try check(bug: "NONE", in: folder)
        #expect(result.status == 0)
        #expect(
            result.standardOutput == "workbench check: 1 view checked, 1 passed, 0 failed (0 violations), 0 errors\n")
    }

    /// A plugin built against ABI 2.0's header (no `preferred_attributes`) still loads and
    /// keeps the contract: its preferred sizes are ignored.
    @Test func aPluginBuiltAgainstABI20Passes() throws {
        let folder = try TemporaryFolder()
        let result = try check(bug: "NONE", in: folder, header: "Tests/TestSupport/Fixtures/abi-2.0")
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(
            result.standardOutput == "workbench check: 1 view checked, 1 passed, 0 failed (0 violations), 0 errors\n")
    }

    @Test(arguments: [
        ("WRONG_ORDER", "well-formed"), ("OUTSIDE_RECT", "rect-query"), ("INCONSISTENT_ELEMENT", "element-query"),
        ("NOT_A_NUMBER", "well-formed"), ("DISHONEST_INVALIDATION", "bounds-change"),
        ("NONDETERMINISTIC", "deterministic"),
        ("BAD_KIND", "well-formed"), ("BAD_TARGET", "target-offset"), ("LYING_PREFERRED", "preferred-size"),
    ])
    func eachBugIsCaughtByItsInvariant(bug: String, invariant: String) throws {
        let folder = try TemporaryFolder()
        let result = try check(bug: bug, in: folder)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let file = folder.path + "/grid.yaml"
        let violations = lines.filter { $0.hasPrefix("\(file):5:3: error: view 'numbers' (grid): ") }
        #expect(!violations.isEmpty, "\(result.standardOutput)")
        #expect(
            Set(
                violations.map {
                    $0.dropFirst("\(file):5:3: error: view 'numbers' (grid): ".count).prefix { $0 != ":" }
                }) == [Substring(invariant)],
            "\(result.standardOutput)")
        #expect(lines.last?.hasPrefix("workbench check: 1 view checked, 0 passed, 1 failed (") == true)
    }

    @Test func violationsNameTheElementAndTheDetail() throws {
        let folder = try TemporaryFolder()
        let result = try check(bug: "INCONSISTENT_ELEMENT", in: folder)
        #expect(
            result.standardOutput.hasPrefix(
                """
                \(folder.path)/grid.yaml:5:3: error: view 'numbers' (grid): element-query: cell [0, 10]: \
                attributes(for:) gives frame.x 101, the whole-layout query 100

                """))
        let nan = try check(bug: "NOT_A_NUMBER", in: folder)
        #expect(
            nan.standardOutput.hasPrefix(
                """
                \(folder.path)/grid.yaml:5:3: error: view 'numbers' (grid): well-formed: layout: \
                plugin 'grid' gave cell [0, 2] a bad frame.width: nan is not a finite number, in the whole-layout query

                """))
    }

    @Test func usageErrorsExitWith64() throws {
        #expect(try ProcessRunner.run(workbench, ["check", "x.yaml", "--record"]).status == 64)
        #expect(try ProcessRunner.run(workbench, ["check", "x.yaml", "--jobs", "0"]).status == 64)
        #expect(try ProcessRunner.run(workbench, ["check", "x.yaml", "--shard", "3/2"]).status == 64)
        #expect(try ProcessRunner.run(workbench, ["check", "x.yaml", "--rects", "-1"]).status == 64)
    }

    @Test func aMissingFileIsAnErrorAndFails() throws {
        let result = try ProcessRunner.run(workbench, ["check", "/nonexistent/x.yaml"])
        #expect(result.status == 1)
        #expect(
            result.standardOutput
                == "/nonexistent/x.yaml: error: no such file or folder\nworkbench check: 0 views checked, 0 passed, 0 failed (0 violations), 1 error\n"
        )
    }
}
