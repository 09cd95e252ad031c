import Foundation
import LayoutKit
import PluginHost
import TestSupport
import Testing
import WorkspaceBatch
import WorkspaceModel

@testable import BatchRunner

/// `workbench run` asks big views for their elements a band at a time: the output must be
/// byte for byte what one query for everything gives, and a layout whose bands do not add up
/// to canonical order (or whose answers need repairs) must fall back to that one query.
struct BandedOutputTests {
    /// Every bundled layout's views, the C fixtures, and a guide of 40 × 60 programmes.
    static let workspace = """
        sources:
          sizes: {generate: {sections: 1, items: 400, min: 40, max: 120, seed: 3}}
          tree: {generate: {nodes: 600, fanout: 3, seed: 5}}
          marks: {generate: {sections: 20, items: 30, min: 0, max: 100, seed: 8}}
          guide: {generate: {sections: 40, items: 60, seed: 9}}
          column: {items: [\((0..<300).map(String.init).joined(separator: ", "))]}
        views:
          circles: {layout: circles, source: sizes, viewport: {width: 375, height: 667}}
          tree: {layout: tree, source: tree, viewport: {width: 1024, height: 768}}
          marks: {layout: mark-sheet, source: marks, viewport: {width: 1024, height: 768}}
          guide: {layout: guide, source: guide, viewport: {width: 1024, height: 768}}
          well: {layout: fault-well, source: column, viewport: {width: 100, height: 400}}
          unordered: {layout: fault-unordered, source: column, viewport: {width: 100, height: 400}}
          grid: {layout: grid, source: column, viewport: {width: 400, height: 400}}
        """

    /// The views above and those of the bundled workspaces, prepared in this process with the
    /// shipped plugins and the fixtures.
    static func views() throws -> (folder: TemporaryFolder, views: [PreparedView]) {
        let folder = try TemporaryFolder()
        try FaultyPlugin.build([.well, .unordered], in: folder.path)
        let grid = try ProcessRunner.run(
            "/usr/bin/env",
            [
                "cc", "-shared", "-fPIC", "-O1", "-DBUG=0", "-I",
                BuildProducts.repositoryRoot + "/Sources/CLayoutABI/include",
                "-o", folder.path + "/libgrid.so",
                BuildProducts.repositoryRoot + "/Tests/TestSupport/Fixtures/buggy_grid.c",
            ])
        #expect(grid.status == 0, "\(grid.standardError)")
        try workspace.write(toFile: folder.path + "/banded.yaml", atomically: true, encoding: .utf8)
        let catalog = PluginCatalog.inProcess(PluginRegistry.discover(in: [folder.path, BuildProducts.directory]))
        let paths =
            [folder.path + "/banded.yaml"]
            + ["circles", "class-hierarchy", "mark-sheet", "tv-guide"]
            .map { BuildProducts.repositoryRoot + "/Workspaces/\($0).yaml" }
        var views: [PreparedView] = []
        for step in BatchViews(paths: paths, loader: WorkspaceLoader()).steps {
            guard case .view(let workspace, let view) = step else {
                Issue.record("not a view: \(step)")
                continue
            }
            views.append(try PreparedView(view, of: workspace, plugins: catalog, timeout: nil))
        }
        return (folder, views)
    }

    static func output(_ view: PreparedView, pretty: Bool, bandSize: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try view.write(pretty: pretty, chunkSize: 4096, bandSize: bandSize) { bytes.append(contentsOf: $0) }
        return bytes
    }

    @Test func bandedOutputIsByteIdenticalToOneQueryForEverythingOnEveryLayout() throws {
        let (folder, views) = try Self.views()
        _ = folder
        var streamed: Set<String> = []
        for view in views {
            for bandSize in [3, 50] {
                if let bands = ElementBands(
                    height: view.contentSize.height, elements: view.estimatedElements, perBand: bandSize),
                    try view.checkBands(bands) != nil
                {
                    streamed.insert(view.view.name)
                }
                for pretty in [false, true] {
                    let whole = try Self.output(view, pretty: pretty, bandSize: .max)
                    #expect(
                        try Self.output(view, pretty: pretty, bandSize: bandSize) == whole,
                        "\(view.view.name) by \(bandSize)")
                    // One pass into a sink that can take its bytes back, as a file not yet in place.
                    var bytes: [UInt8] = []
                    try view.write(pretty: pretty, chunkSize: 4096, bandSize: bandSize, retract: { bytes.removeAll() })
                    { bytes.append(contentsOf: $0) }
                    #expect(bytes == whole, "\(view.view.name) by \(bandSize), retractable")
                }
            }
        }
        // The guide and the well-behaved column go down the page in canonical order; the
        // fixture that answers backwards, and the grid with its header first, cannot.
        #expect(streamed.isSuperset(of: ["guide", "well"]))
        #expect(!streamed.contains("unordered") && !streamed.contains("grid"))
        print("streamed in bands:", streamed.sorted())
    }

    /// A plugin that answers a band differently in the write pass than in the check pass
    /// fails the view, saying that the output is incomplete.
    @Test func aLayoutThatChangesItsAnswerBetweenPassesFailsTheView() throws {
        let folder = try TemporaryFolder()
        try FaultyPlugin.build([.forgetful], in: folder.path)
        let items = (0..<300).map(String.init).joined(separator: ", ")
        try
            "sources: {column: {items: [\(items)]}}\nviews: {forgetful: {layout: fault-forgetful, source: column, viewport: {width: 100, height: 400}}}\n"
            .write(toFile: folder.path + "/forgetful.yaml", atomically: true, encoding: .utf8)
        let catalog = PluginCatalog.inProcess(PluginRegistry.discover(in: [folder.path]))
        guard
            case .view(let workspace, let view) = BatchViews(
                paths: [folder.path + "/forgetful.yaml"], loader: WorkspaceLoader()
            ).steps.first
        else {
            Issue.record("no view")
            return
        }
        let prepared = try PreparedView(view, of: workspace, plugins: catalog, timeout: nil)
        var bytes: [UInt8] = []
        #expect {
            try prepared.write(pretty: false, chunkSize: 64, bandSize: 20) { bytes.append(contentsOf: $0) }
        } throws: { error in
            "\(error)".contains(
                "view 'forgetful' (fault-forgetful): the layout answered the same query differently when asked again; the output written is incomplete"
            )
        }
        // The part already written is ended with a newline, so that the next view starts a line.
        #expect(
            bytes.count > 64 && bytes.last == UInt8(ascii: "\n") && bytes.filter { $0 == UInt8(ascii: "\n") }.count == 1
        )
    }
}
