import BenchmarkReport
import BenchmarkWorkloads
import Circles
import LayoutKit
import Tree

/// `SpatialIndex`'s packings on frames of every shape the bundled layouts produce — tall
/// content (the circles), a wide grid, the tree's sparse columns — each timed on the same
/// random viewports and checked against a brute-force filter.
struct PackingBenchmark {
    var count: Int

    struct Shape {
        var name: String
        var frames: [Rect]
        var viewport: Size
    }

    func run() throws {
        let shapes = try makeShapes()
        print("SpatialIndex packings — \(count) frames a shape, mean of 200 random viewports (best of 15 passes)")
        let widths = [24, 20, 12, 12, 9, 8]
        printRow(["shape", "packing", "build", "query", "vs best", "k"], widths: widths)
        for shape in shapes {
            var bounds = Rect(x: 0, y: 0, width: 0, height: 0)
            for frame in shape.frames {
                bounds = Rect(x: 0, y: 0, width: max(bounds.width, frame.maxX), height: max(bounds.height, frame.maxY))
            }
            let rects = Viewports.spread(200, content: bounds.size, viewport: shape.viewport)
            var times: [(SpatialIndex.Packing, build: Double, query: Double, found: Double)] = []
            for packing in SpatialIndex.Packing.allCases {
                var index = SpatialIndex(frames: [])
                let build = Measure.seconds { index = SpatialIndex(frames: shape.frames, packing: packing) }
                var hits: [Int] = [], found = 0
                let query =
                    Measure.best(runs: 15) {
                        found = 0
                        for rect in rects {
                            hits.removeAll(keepingCapacity: true)
                            index.indices(intersecting: rect, into: &hits)
                            found += hits.count
                        }
                    } / Double(rects.count)
                for rect in rects.prefix(5)
                where index.indices(intersecting: rect)
                    != shape.frames.indices.filter({ shape.frames[$0].intersects(rect) })
                {
                    throw Mismatch(
                        description:
                            "packing \(packing) on \(shape.name) disagrees with a brute-force filter at \(rect)")
                }
                times.append((packing, build, query, Double(found) / Double(rects.count)))
            }
            let best = times.map(\.query).min()!
            for time in times {
                printRow(
                    [
                        shape.name, "\(time.0)", Measure.format(time.build), Measure.format(time.query),
                        String(format: "×%.2f", time.query / best), String(format: "%.0f", time.found),
                    ], widths: widths)
                let name = "packing.\(shape.name.split(separator: " ").first!).\(time.0)"
                Report.shared.record(name + ".build", time.build, "s")
                Report.shared.record(name + ".query", time.query, "s")
                if time.0 != .asGiven {
                    Report.shared.target(
                        "packing \(time.0) on \(shape.name), query time / best packing's",
                        measured: time.query / best, atMost: 1.5, "×")
                }
            }
        }
        print("  every packing checked identical to a brute-force filter on 5 viewports a shape")
        print()
    }

    /// Frames as the layouts emit them: circles in reading order, a grid row by row, the
    /// tree's cells column by column and then its connectors.
    func makeShapes() throws -> [Shape] {
        let circles = Workloads.circles(count)
        let circlesLayout = try circles.makeEngine()
        try circlesLayout.prepare(LayoutContext(dataSource: circles.data.source, bounds: circles.bounds))
        let rows = 100, columns = max(1, count / rows)
        let grid = (0..<(rows * columns)).map {
            Rect(x: Double($0 % columns) * 110, y: Double($0 / columns) * 40, width: 100, height: 30)
        }
        let tree = Workloads.tree(count)
        let treeLayout = try tree.makeEngine()
        try treeLayout.prepare(LayoutContext(dataSource: tree.data.source, bounds: tree.bounds))
        return [
            Shape(
                name: "tall (circles)", frames: circlesLayout.elements(in: .everything).map(\.frame),
                viewport: circles.bounds.size),
            Shape(name: "wide (grid 100 rows)", frames: grid, viewport: Size(width: 1024, height: 768)),
            Shape(
                name: "columns (tree)", frames: treeLayout.elements(in: .everything).map(\.frame),
                viewport: tree.bounds.size),
        ]
    }
}
