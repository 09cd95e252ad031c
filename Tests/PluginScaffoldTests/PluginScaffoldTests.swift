import Foundation
import PluginScaffold
import TestSupport
import Testing

/// What `workbench new-plugin` writes, before anything is built (the end-to-end test builds
/// the C package; CI builds the Swift one).
struct PluginScaffoldTests {
    @Test(arguments: ["my-list", "grid2", "a", "tv-guide-v2"])
    func pluginNamesAreAccepted(name: String) throws {
        #expect(try PluginPackage(name: name, language: .swift, directory: "/tmp/x", workbench: "/w").name == name)
    }

    @Test(arguments: [
        "", "My-List", "2grid", "my_list", "my--list", "list-", "a b", "ünï", String(repeating: "a", count: 65),
    ])
    func otherNamesAreRefused(name: String) {
        #expect(throws: PluginPackage.Failure.self) {
            try PluginPackage(name: name, language: .c, directory: "/tmp/x", workbench: "/w")
        }
    }

    @Test func namesBecomeAModuleAndACSymbol() throws {
        let scaffold = try PluginPackage(name: "tv-guide-v2", language: .c, directory: "/tmp/x", workbench: "/w")
        #expect(scaffold.moduleName == "TvGuideV2")
        #expect(scaffold.symbolName == "tv_guide_v2")
    }

    @Test func theSwiftPackageDependsOnTheCheckoutByPathAndNamesItsFolder() throws {
        let scaffold = try PluginPackage(
            name: "my-list", language: .swift, directory: "/tmp/x", workbench: "/home/me/Layout-Workbench")
        let files = Dictionary(uniqueKeysWithValues: scaffold.files.map { ($0.path, $0.contents) })
        #expect(
            files.keys.sorted() == [
                ".gitignore", "Package.swift", "README.md", "Sources/MyList/MyListLayout.swift",
                "Sources/MyListPlugin/MyListPlugin.swift", "Tests/MyListTests/MyListTests.swift",
                "Workspaces/sample.yaml",
            ])
        let manifest = try #require(files["Package.swift"])
        #expect(manifest.contains(#"let workbench = "/home/me/Layout-Workbench""#))
        #expect(manifest.contains(".package(path: workbench)"))
        #expect(manifest.contains(#".product(name: "LayoutKit", package: "Layout-Workbench")"#))
        #expect(manifest.contains(#".product(name: "LayoutChecker", package: "Layout-Workbench")"#))
        #expect(manifest.contains(#".library(name: "MyList", type: .dynamic, targets: ["MyListPlugin"])"#))
        #expect(files["Workspaces/sample.yaml"]?.contains("layout: my-list") == true)
        #expect(!files.values.contains { $0.contains("__") && $0.contains("__NAME__") })
    }

    @Test func theCPackageIsAMakefileAndOneSourceFile() throws {
        let scaffold = try PluginPackage(name: "my-list", language: .c, directory: "/tmp/x", workbench: "/w")
        let files = Dictionary(uniqueKeysWithValues: scaffold.files.map { ($0.path, $0.contents) })
        #expect(files.keys.sorted() == [".gitignore", "Makefile", "README.md", "Workspaces/sample.yaml", "my_list.c"])
        #expect(
            files["Makefile"]?.contains(
                "\t$(CC) $(CFLAGS) -shared -fPIC -I$(WORKBENCH)/Sources/CLayoutABI/include -o $@ my_list.c -lm") == true
        )
        #expect(files["my_list.c"]?.contains(#".name = "my-list","#) == true)
    }

    @Test func aFolderThatIsNotEmptyIsLeftAlone() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("mine.txt", "keep me")
        let scaffold = try PluginPackage(name: "my-list", language: .c, directory: folder.path, workbench: "/w")
        #expect(
            throws: PluginPackage.Failure(
                message: "\(folder.path): the folder exists and is not empty; choose another with --directory")
        ) {
            try scaffold.write()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["mine.txt"])
    }

    @Test func theNextStepsAndTheREADMENameTheWorkbenchThatWroteThePackage() throws {
        for language in PluginPackage.Language.allCases {
            let scaffold = try PluginPackage(
                name: "my-list", language: language, directory: "/tmp/x", workbench: "/w",
                executable: "/opt/workbench/bin/workbench")
            let files = Dictionary(uniqueKeysWithValues: scaffold.files.map { ($0.path, $0.contents) })
            let readme = try #require(files["README.md"])
            #expect(readme.contains("/opt/workbench/bin/workbench run Workspaces --plugins "))
            #expect(readme.contains("`/w/docs/plugins.md`"))
            #expect(
                !files.values.contains { $0.contains(".build/debug/workbench") || $0.contains("\"Writing a plugin\"") })
            if language == .c {
                #expect(files["Makefile"]?.contains("WORKBENCH_EXECUTABLE ?= /opt/workbench/bin/workbench") == true)
                #expect(scaffold.nextSteps == "cd /tmp/x && make && make check")
            } else {
                #expect(
                    scaffold.nextSteps
                        == "cd /tmp/x && swift build && swift test && /opt/workbench/bin/workbench check Workspaces --plugins .build/debug"
                )
            }
        }
        let byDefault = try PluginPackage(name: "my-list", language: .swift, directory: "/tmp/x", workbench: "/w")
        #expect(byDefault.executable == "/w/.build/debug/workbench")
    }
}
