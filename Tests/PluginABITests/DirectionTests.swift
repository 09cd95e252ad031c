import Foundation
import TestSupport
import Testing

/// Layout direction (ABI 2.2) through the real executable: a C plugin that reads its
/// direction, one that wrongly flips itself and asks the host to as well, the same plugin
/// built against older headers, and the guide's sticky headers mirrored over `serve`.
struct DirectionTests {
    let workbench = BuildProducts.executable("workbench")

    static let workspace = """
        sources:
          numbers:
            items: [1, 2, 3, 4, 5, 6, 7]
        views:
          plain:
            layout: directed
            source: numbers
            viewport: {width: 375, height: 300}
          mirrored:
            layout: directed
            source: numbers
            viewport: {width: 375, height: 300}
            direction: rightToLeft
        """

    /// Compiles `directed_grid.c` into `<folder>/plugins/libdirected.so` against the header
    /// in `include` (default: the current one), and writes the workspace.
    func build(in folder: TemporaryFolder, include: String = "Sources/CLayoutABI/include", defines: [String] = [])
        throws -> (file: String, plugins: String)
    {
        let plugins = (folder.path as NSString).appendingPathComponent("plugins")
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        let source = BuildProducts.repositoryRoot + "/Tests/TestSupport/Fixtures/directed_grid.c"
        let compiled = try ProcessRunner.run(
            "/usr/bin/env",
            ["cc", "-shared", "-fPIC"] + defines.map { "-D" + $0 }
                + [
                    "-I", BuildProducts.repositoryRoot + "/" + include, "-o", plugins + "/libdirected.so", source,
                    "-lm",
                ])
        #expect(compiled.status == 0, "\(compiled.standardError)")
        return (try folder.write("grid.yaml", Self.workspace), plugins)
    }

    /// `run`'s lines by view name.
    func run(_ file: String, plugins: String) throws -> [String: [String: Any]] {
        let result = try ProcessRunner.run(workbench, ["run", file, "--plugins", plugins])
        #expect(result.status == 0, "\(result.standardError)")
        var views: [String: [String: Any]] = [:]
        for line in result.standardOutput.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            views[object["view"] as! String] = object
        }
        return views
    }

    /// The x of each cell, by item.
    static func xs(_ view: [String: Any]?) -> [Double] {
        ((view?["elements"] as? [[String: Any]]) ?? []).map { ($0["frame"] as! [String: Any])["x"] as! Double }
    }

    @Test func aPluginThatDoesNotFlipReadsTheDirectionAndRunPrintsIt() throws {
        let folder = try TemporaryFolder()
        let (file, plugins) = try build(in: folder)
        let views = try run(file, plugins: plugins)
        #expect(views["plain"]?["direction"] as? String == "leftToRight")
        #expect(views["mirrored"]?["direction"] as? String == "rightToLeft")
        #expect(Self.xs(views["plain"]) == [0, 100, 200, 0, 100, 200, 0])
        #expect(Self.xs(views["mirrored"]) == [275, 175, 75, 275, 175, 75, 275])
        let checked = try ProcessRunner.run(
            workbench, ["check", file, "--plugins", plugins, "--rects", "40", "--direction", "both"])
        #expect(checked.status == 0, "\(checked.standardOutput)")
    }

    @Test func aPluginThatFlipsItselfAndAsksTheHostToIsCaughtByMirror() throws {
        let folder = try TemporaryFolder()
        let (file, plugins) = try build(in: folder, defines: ["FLIPS=1"])
        // Mirrored twice, right to left shows the left-to-right layout.
        #expect(Self.xs(try run(file, plugins: plugins)["mirrored"]) == [0, 100, 200, 0, 100, 200, 0])
        let checked = try ProcessRunner.run(workbench, ["check", file, "--plugins", plugins, "--rects", "40"])
        #expect(checked.status == 1)
        let mirror = checked.standardOutput.split(separator: "\n").filter {
            $0.contains("(directed, rightToLeft): mirror: ")
        }
        #expect(!mirror.isEmpty, "\(checked.standardOutput)")
    }

    @Test func aPluginBuiltAgainstTheVersion22HeaderLoadsUnchangedAndStillReadsItsDirection() throws {
        // ABI 2.3 appended optional functions and a descriptor field; a 2.2 plugin's shorter
        // table and descriptor read as their defaults.
        let folder = try TemporaryFolder()
        let (file, plugins) = try build(in: folder, include: "Tests/TestSupport/Fixtures/abi-2.2")
        let views = try run(file, plugins: plugins)
        #expect(Self.xs(views["plain"]) == [0, 100, 200, 0, 100, 200, 0])
        #expect(Self.xs(views["mirrored"]) == [275, 175, 75, 275, 175, 75, 275])
        for isolation in ["process", "none"] {
            let checked = try ProcessRunner.run(
                workbench,
                ["check", file, "--plugins", plugins, "--rects", "20", "--isolation", isolation, "--direction", "both"])
            #expect(checked.status == 0, "\(checked.standardOutput)")
        }
    }

    @Test(arguments: ["Tests/TestSupport/Fixtures/abi-2.0", "Tests/TestSupport/Fixtures/abi-2.1"])
    func pluginsBuiltAgainstOlderHeadersStillLoadAndKnowNoDirection(include: String) throws {
        let folder = try TemporaryFolder()
        let (file, plugins) = try build(in: folder, include: include)
        let views = try run(file, plugins: plugins)
        #expect(Self.xs(views["plain"]) == [0, 100, 200, 0, 100, 200, 0])
        #expect(Self.xs(views["mirrored"]) == [0, 100, 200, 0, 100, 200, 0])
        for isolation in ["process", "none"] {
            let checked = try ProcessRunner.run(
                workbench, ["check", file, "--plugins", plugins, "--rects", "20", "--isolation", isolation])
            #expect(checked.status == 0, "\(checked.standardOutput)")
        }
    }
}
