import Foundation
import TestSupport
import Testing

/// `workbench run`'s file-system mistakes said in words, once, before any view is laid out
/// (issue 39): an output path that is a file, a folder under a file, a tab in the indentation.
struct RunFileSystemTests {
    let workbench = BuildProducts.executable("workbench")

    func run(_ arguments: [String], in folder: TemporaryFolder) throws -> ProcessResult {
        try ProcessRunner.run(
            workbench, ["run", BuildProducts.repositoryRoot + "/Workspaces/circles.yaml"] + arguments,
            directory: folder.path)
    }

    @Test func anOutputPathThatIsAFileIsSaidOnceInWordsBeforeAnyViewIsLaidOut() throws {
        let folder = try TemporaryFolder()
        try folder.write("afile", "not a folder\n")
        let result = try run(["--output", "afile", "--svg"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "afile: error: 'afile' is not a folder\n")
    }

    @Test func aFolderThatCannotBeMadeNamesThePathAndTheReason() throws {
        let folder = try TemporaryFolder()
        try folder.write("afile", "not a folder\n")
        let result = try run(["--output", "afile/pictures"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "afile/pictures: error: cannot make the folder 'afile/pictures': not a directory\n")
    }

    @Test func aMissingOutputFolderIsMadeWithItsParents() throws {
        let folder = try TemporaryFolder()
        let result = try run(["--output", "a/b/c"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/a/b/c/circles/alarms.json"))
    }

    @Test func aTabInTheIndentationIsNamedAsSuch() throws {
        let folder = try TemporaryFolder()
        try folder.write("w.yaml", "sources:\n\ts: {items: [1]}\n")
        let result = try ProcessRunner.run(workbench, ["run", "w.yaml"], directory: folder.path)
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "w.yaml:2:1: error: a tab in the indentation: YAML indents with spaces only (libyaml: found character that cannot start any token"
            ), "\(result.standardError)")
        #expect(result.standardError.hasSuffix("workbench: 0 views laid out, 0 failed, 1 file unreadable\n"))
    }
}
