import Foundation
import TestSupport
import Testing

/// `workbench new-plugin`: the C package is generated, built with `make` and checked, unchanged.
/// (The Swift package takes a minute to build; `.ci/run` builds, tests and checks it.)
struct NewPluginTests {
    let workbench = BuildProducts.executable("workbench")

    @Test func theCPluginBuildsWithMakeAndPassesCheck() throws {
        let folder = try TemporaryFolder()
        let directory = folder.path + "/my-list"
        let generated = try ProcessRunner.run(
            workbench,
            [
                "new-plugin", "my-list", "--language", "c", "--directory", directory,
                "--workbench", BuildProducts.repositoryRoot,
            ])
        #expect(generated.status == 0, "\(generated.standardError)")
        // The next steps and the README name the workbench that ran, and docs that exist.
        let executable = URL(fileURLWithPath: workbench).resolvingSymlinksInPath().path
        #expect(generated.standardOutput.hasSuffix("Next:\n  cd \(directory) && make && make check\n"))
        let readme = try String(contentsOfFile: directory + "/README.md", encoding: .utf8)
        #expect(readme.contains("\(executable) run Workspaces --plugins ."))
        let makefile = try String(contentsOfFile: directory + "/Makefile", encoding: .utf8)
        #expect(makefile.contains("WORKBENCH_EXECUTABLE ?= \(executable)\n"))
        let docs = try #require(
            readme.firstRange(of: "docs/plugins.md").map { _ in BuildProducts.repositoryRoot + "/docs/plugins.md" })
        #expect(readme.contains("`\(docs)`") && FileManager.default.fileExists(atPath: docs))
        let swift = try ProcessRunner.run(
            workbench,
            [
                "new-plugin", "my-grid", "--directory", folder.path + "/my-grid", "--workbench",
                BuildProducts.repositoryRoot,
            ])
        #expect(
            swift.standardOutput.hasSuffix(
                "swift build && swift test && \(executable) check Workspaces --plugins .build/debug\n"))
        let built = try ProcessRunner.run(
            "/usr/bin/env", ["make", "WORKBENCH=\(BuildProducts.repositoryRoot)"], directory: directory)
        #expect(built.status == 0, "\(built.standardOutput)\(built.standardError)")
        let checked = try ProcessRunner.run(workbench, ["check", "Workspaces", "--plugins", "."], directory: directory)
        #expect(checked.status == 0, "\(checked.standardOutput)")
        #expect(
            checked.standardOutput == "workbench check: 3 views checked, 3 passed, 0 failed (0 violations), 0 errors\n")
        let laidOut = try ProcessRunner.run(workbench, ["run", "Workspaces", "--plugins", "."], directory: directory)
        #expect(laidOut.standardError == "workbench: 3 views laid out, 0 failed\n")
    }

    @Test func badNamesAndFullFoldersAreRefused() throws {
        let folder = try TemporaryFolder()
        let bad = try ProcessRunner.run(workbench, ["new-plugin", "My List", "--directory", folder.path + "/x"])
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("'My List' is not a plugin name"))
        _ = try folder.write("taken/file.txt", "")
        let taken = try ProcessRunner.run(
            workbench,
            [
                "new-plugin", "my-list", "--directory", folder.path + "/taken", "--workbench",
                BuildProducts.repositoryRoot,
            ])
        #expect(taken.status == 1)
        #expect(
            taken.standardError
                == "workbench: \(folder.path)/taken: the folder exists and is not empty; choose another with --directory\n"
        )
    }
}
