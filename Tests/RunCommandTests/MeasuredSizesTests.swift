import Foundation
import TestSupport
import Testing

/// A view's `preferredSizes: FILE`: `run` and `check` lay out with the sizes an app
/// measured; bad files are located errors.
struct MeasuredSizesTests {
    let workbench = BuildProducts.executable("workbench")
    static let workspace = """
        sources:
          s: {items: [100, 50, 30, 80]}
        views:
          v: {layout: waterfall, source: s, preferredSizes: sizes.json}
        """

    func entry(item: Int, height: String) -> String {
        "{\"element\": {\"category\": \"cell\", \"section\": 0, \"item\": \(item)}, \"size\": {\"width\": 100, \"height\": \(height)}}"
    }

    @Test func runLaysOutWithTheMeasuredSizes() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("w.yaml", Self.workspace)
        try folder.write("sizes.json", "{\"sizes\": [\(entry(item: 1, height: "222"))]}")
        let result = try ProcessRunner.run(workbench, ["run", file])
        #expect(result.status == 0, "\(result.standardError)")
        let view = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let elements = try #require(view["elements"] as? [[String: Any]])
        // Item 1 is 222 high in column 1; item 2 goes under item 0 (108 < 238), item 3 under item 2.
        #expect(
            elements.map { $0["frame"] as? [String: Double] } == [
                ["x": 8, "y": 8, "width": 175.5, "height": 100], ["x": 191.5, "y": 8, "width": 175.5, "height": 222],
                ["x": 8, "y": 116, "width": 175.5, "height": 30], ["x": 8, "y": 154, "width": 175.5, "height": 80],
            ])
        let checked = try ProcessRunner.run(workbench, ["check", file])
        #expect(checked.status == 0, "\(checked.standardOutput)")
    }

    @Test func badEntriesAreLocatedInTheSizesFile() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("w.yaml", Self.workspace)
        try folder.write("sizes.json", "[\n  \(entry(item: 9, height: "222"))\n]\n")
        let missing = try ProcessRunner.run(workbench, ["run", file])
        #expect(missing.status == 1)
        #expect(
            missing.standardError.hasPrefix(
                "\(folder.path)/sizes.json:2:3: error: view 'v': the data has no cell [0, 9] (source 's' has 1 section(s))\n"
            ),
            "\(missing.standardError)")
        try folder.write("sizes.json", "[\(entry(item: 1, height: "-2"))]")
        let negative = try ProcessRunner.run(workbench, ["check", file])
        #expect(negative.status == 1)
        #expect(
            negative.standardOutput.hasPrefix(
                "\(folder.path)/sizes.json:1:94: error: 'size.height': expected a number from 0 to 1e15, got -2\n"),
            "\(negative.standardOutput)")
        try FileManager.default.removeItem(atPath: folder.path + "/sizes.json")
        let gone = try ProcessRunner.run(workbench, ["run", file])
        #expect(
            gone.standardError.hasPrefix("\(file):4:53: error: no such file: sizes.json\n"), "\(gone.standardError)")
    }
}
