import Foundation
import TestSupport
import Testing

/// `preferredSizes` with C plugins over real pipes, in both isolation modes: a layout that
/// takes sizes but does not say what moved (the host compares every frame), and a plugin
/// built against ABI 2.0's header (no `preferred_attributes`: every size ignored).
struct ServerPluginSizingTests {
    static let workspace =
        "workspace: g\nsources:\n  n: {items: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]}\nviews:\n  grid: {layout: grid, source: n, viewport: {width: 375, height: 300}}\n"

    /// `buggy_grid.c` built with `-DBUG=<bug>` against `header` into a plugin folder.
    static func plugins(bug: String, header: String, in folder: TemporaryFolder) throws -> String {
        let plugins = folder.path + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        let compiled = try ProcessRunner.run(
            "/usr/bin/env",
            [
                "cc", "-shared", "-fPIC", "-DBUG=\(bug)", "-I", BuildProducts.repositoryRoot + "/" + header,
                "-o", plugins + "/libgrid.so",
                BuildProducts.repositoryRoot + "/Tests/TestSupport/Fixtures/buggy_grid.c", "-lm",
            ])
        #expect(compiled.status == 0, "\(compiled.standardError)")
        return plugins
    }

    static func result(_ client: EngineSession, _ method: String, _ params: [String: Any], id: Int) throws -> [String:
        Any]
    {
        let response = client.request(method, params, id: id)
        return try #require(response?["result"] as? [String: Any], "\(method): \(String(describing: response))")
    }

    static var size: [String: Any] {
        ["element": ["category": "cell", "section": 0, "item": 4], "size": ["width": 1, "height": 80]]
    }

    @Test(arguments: ["process", "none"])
    func aLayoutThatDoesNotSayWhatMovedIsComparedWhole(isolation: String) throws {
        let folder = try TemporaryFolder()
        let plugins = try Self.plugins(bug: "SELF_SIZING", header: "Sources/CLayoutABI/include", in: folder)
        let client = EngineSession(isolation: isolation, plugins: [plugins])
        _ = try Self.result(client, "open", ["text": Self.workspace, "directory": folder.path], id: 1)
        let answer = try Self.result(client, "preferredSizes", ["view": "g/grid", "sizes": [Self.size]], id: 2)
        #expect(answer["invalidatedCount"] as? Int == 1)
        let invalidated = (answer["invalidated"] as? [[String: Any]] ?? []).map {
            "\($0["category"]!) \($0["kind"] is NSNull) [\($0["section"]!), \($0["item"]!)]"
        }
        #expect(invalidated == ["cell true [0, 4]"])
        let element = try Self.result(
            client, "query", ["view": "g/grid", "element": ["category": "cell", "section": 0, "item": 4]], id: 3)
        #expect(
            (element["element"] as? [String: Any])?["frame"] as? [String: Double] == [
                "x": 100, "y": 90, "width": 100, "height": 80,
            ])
        #expect(client.finish() == 0)
    }

    @Test(arguments: ["process", "none"])
    func aPluginBuiltAgainstABI20IgnoresPreferredSizes(isolation: String) throws {
        let folder = try TemporaryFolder()
        let plugins = try Self.plugins(bug: "NONE", header: "Tests/TestSupport/Fixtures/abi-2.0", in: folder)
        let client = EngineSession(isolation: isolation, plugins: [plugins])
        _ = try Self.result(client, "open", ["text": Self.workspace, "directory": folder.path], id: 1)
        let answer = try Self.result(client, "preferredSizes", ["view": "g/grid", "sizes": [Self.size]], id: 2)
        #expect(answer["invalidatedCount"] as? Int == 0)
        #expect(answer["contentOffsetAdjustment"] as? [String: Double] == ["x": 0, "y": 0])
        let element = try Self.result(
            client, "query", ["view": "g/grid", "element": ["category": "cell", "section": 0, "item": 4]], id: 3)
        #expect(
            (element["element"] as? [String: Any])?["frame"] as? [String: Double] == [
                "x": 100, "y": 90, "width": 100, "height": 50,
            ])
        #expect(client.finish() == 0)
    }
}
