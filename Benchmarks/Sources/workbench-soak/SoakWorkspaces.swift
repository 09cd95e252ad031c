import Foundation

/// The workspaces a soak cycles through: the bundled ones, the large one, and generated ones
/// of 10^5–10^6 elements written to a temporary folder (removed by `remove()`).
struct SoakWorkspaces {
    /// Absolute paths, in the order the cycle visits them.
    let paths: [String]
    private let temporaryFolder: String

    init(repository: String) throws {
        temporaryFolder = NSTemporaryDirectory() + "workbench-soak-\(getpid())"
        try FileManager.default.createDirectory(atPath: temporaryFolder, withIntermediateDirectories: true)
        let bundled = ["circles", "class-hierarchy", "mark-sheet", "tv-guide"].map {
            "\(repository)/Workspaces/\($0).yaml"
        }
        var generated: [String] = []
        for (name, text) in Self.generated {
            let path = "\(temporaryFolder)/\(name).yaml"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            generated.append(path)
        }
        // Small workspaces come often, like an editor's everyday files; big ones in between.
        paths = [
            bundled[0], bundled[1], generated[0], bundled[2], bundled[3], "\(repository)/Workspaces/large/large.yaml",
            bundled[0], generated[1], bundled[3], generated[2],
        ]
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: temporaryFolder)
    }

    private static let generated: [(String, String)] = [
        (
            "circles-million",
            """
            sources:
              items: {generate: {sections: 1, items: 1000000, min: 40, max: 120, seed: 11}}
            views:
              circles: {layout: circles, source: items, viewport: {width: 768, height: 1024}}
            """
        ),
        (
            "tree-million",
            """
            sources:
              tree: {generate: {nodes: 1000000, fanout: 3, seed: 12}}
              grid: {generate: {sections: 1000, items: 300, min: 0, max: 100, seed: 13}}
            views:
              tree: {layout: tree, source: tree, viewport: {width: 1024, height: 768}}
              marks: {layout: mark-sheet, source: grid, viewport: {width: 1024, height: 768}}
            """
        ),
        (
            "mixed-hundred-thousand",
            """
            sources:
              items: {generate: {sections: 1, items: 100000, min: 40, max: 120, seed: 14}}
              guide: {generate: {sections: 300, items: 337, seed: 15}}
            views:
              circles: {layout: circles, source: items}
              guide: {layout: guide, source: guide, viewport: {width: 1024, height: 768}}
            """
        ),
    ]
}
