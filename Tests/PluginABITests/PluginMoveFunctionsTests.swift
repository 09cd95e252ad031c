import Foundation
import TestSupport
import Testing

/// ABI 2.2's optional functions over `serve`, in both isolation modes: a C plugin's own
/// moving target, dragged attributes and transition offset replace the host's defaults.
struct PluginMoveFunctionsTests {
    static func workspace(_ name: String) -> String {
        """
        workspace: \(name)
        sources:
          numbers:
            items: [1, 2, 3, 4, 5, 6, 7]
        views:
          grid: {layout: directed, source: numbers, viewport: {width: 160, height: 120}}
          guide: {layout: guide, source: numbers, viewport: {width: 160, height: 120}}
        """
    }

    static func result(_ answer: [String: Any]?) -> [String: Any] {
        answer?["result"] as? [String: Any] ?? ["error": answer?["error"] ?? "none"]
    }

    @Test(arguments: ["process", "none"])
    func thePluginsTargetDraggedAttributesAndTransitionOffsetAreUsed(isolation: String) throws {
        let folder = try TemporaryFolder()
        let plugins = (folder.path as NSString).appendingPathComponent("plugins")
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        let compiled = try ProcessRunner.run(
            "/usr/bin/env",
            [
                "cc", "-shared", "-fPIC", "-DMOVES=1", "-I",
                BuildProducts.repositoryRoot + "/Sources/CLayoutABI/include",
                "-o", plugins + "/libdirected.so",
                BuildProducts.repositoryRoot + "/Tests/TestSupport/Fixtures/directed_grid.c", "-lm",
            ])
        #expect(compiled.status == 0, "\(compiled.standardError)")
        let client = EngineSession(isolation: isolation, plugins: [plugins])
        defer { _ = client.finish() }
        for (index, name) in ["a", "b"].enumerated() {
            #expect(
                client.request("open", ["text": Self.workspace(name), "directory": "."], id: 1 + index)?["result"]
                    != nil)
        }
        _ = client.request(
            "beginMove", ["view": "a/grid", "element": ["section": 0, "item": 1], "position": ["x": 50, "y": 75]], id: 3
        )
        let step = Self.result(
            client.request("updateMove", ["view": "a/grid", "position": ["x": 20, "y": 30]], id: 4))
        #expect(step["target"] as? [Int] == [0, 6], "\(step)")
        let item = step["item"] as? [String: Any]
        #expect(item?["frame"] as? [String: Double] == ["x": 20, "y": 30, "width": 10, "height": 10])
        #expect(item?["zIndex"] as? Int == 99 && item?["alpha"] as? Double == 0.5 && item?["item"] as? Int == 6)
        let committed = Self.result(client.request("endMove", ["view": "a/grid", "commit": true], id: 5))
        let updated = Self.result(
            client.request("update", ["view": "b/grid", "changes": [["move": [0, 1], "to": [0, 6]]]], id: 6))
        #expect(NSDictionary(dictionary: committed) == NSDictionary(dictionary: updated))

        // From the guide scrolled right to the grid: the grid's own offset (x 0, the next row).
        _ = client.request(
            "invalidate", ["view": "a/guide", "bounds": ["x": 50, "y": 0, "width": 160, "height": 120]], id: 7)
        let switched = Self.result(client.request("transition", ["view": "a/guide", "layout": "directed"], id: 8))
        #expect(switched["contentOffset"] as? [String: Double] == ["x": 0, "y": 50], "\(switched)")
    }
}
