import Circles
import LayoutKit
import SeedReferences

/// Circles at growing sizes: prepare and viewport queries, engine vs the seed's algorithm.
struct CirclesBenchmark {
    var sizes: [Int]
    var width = 375.0
    var viewportHeight = 667.0

    func run() throws {
        print("circles — seed 001 placement (width \(Int(width))); reference = seed's stepping loop, objects in a dictionary, linear scan per query")
        let widths = [9, 12, 12, 8, 12, 12, 10, 12, 8, 9]
        printRow(["items", "prepare ref", "prepare eng", "ratio", "query ref", "query eng", "ratio", "scroll eng", "B/elem", "identical"], widths: widths)
        var engineQueries: [Double] = [], scrollQueries: [Double] = []
        for count in sizes {
            let data = Self.data(count: count)
            let context = LayoutContext(dataSource: data.source, bounds: Rect(x: 0, y: 0, width: width, height: viewportHeight))
            let engine = try CirclesLayout(options: Options())
            let reference = ReferenceCirclesLayout()
            let referencePrepare = try Measure.seconds { try reference.prepare(context) }
            let enginePrepare = try Measure.median(runs: 3) { try engine.prepare(context) }

            guard engine.elements(in: .everything) == reference.elements(in: .everything),
                  engine.contentSize == reference.contentSize else {
                throw Mismatch(description: "circles \(count): the engine and the reference disagree")
            }
            let rects = Self.viewports(count: 200, content: engine.contentSize, width: width, height: viewportHeight)
            var scratch: [LayoutAttributes] = []
            let engineQuery = Measure.median(runs: 5) {
                for rect in rects {
                    scratch.removeAll(keepingCapacity: true)
                    engine.elements(in: rect, into: &scratch)
                }
            } / Double(rects.count)
            let trace = Self.scrollTrace(content: engine.contentSize, width: width, height: viewportHeight)
            let scrollQuery = Measure.median(runs: 5) {
                for rect in trace {
                    scratch.removeAll(keepingCapacity: true)
                    engine.elements(in: rect, into: &scratch)
                }
            } / Double(trace.count)
            let sampled = Array(rects.prefix(count >= 1_000_000 ? 5 : 20))
            var referenceResults: [[LayoutAttributes]] = []
            let referenceQuery = Measure.seconds {
                for rect in sampled { referenceResults.append(reference.elements(in: rect)) }
            } / Double(sampled.count)
            guard zip(sampled, referenceResults).allSatisfy({ engine.elements(in: $0) == $1 }) else {
                throw Mismatch(description: "circles \(count): a viewport query disagrees")
            }
            engineQueries.append(engineQuery)
            scrollQueries.append(scrollQuery)
            printRow([
                "\(count)", Measure.format(referencePrepare), Measure.format(enginePrepare),
                Measure.ratio(reference: referencePrepare, engine: enginePrepare),
                Measure.format(referenceQuery), Measure.format(engineQuery),
                Measure.ratio(reference: referenceQuery, engine: engineQuery), Measure.format(scrollQuery),
                String(format: "%.1f", Double(engine.indexByteCount) / Double(count)), "yes",
            ], widths: widths)
        }
        if sizes.count > 1 {
            let growth = { (times: [Double]) in String(format: "×%.2f", times.last! / times.first!) }
            print("  engine query growth \(sizes.first!) → \(sizes.last!) items: random viewports \(growth(engineQueries)), "
                + "scrolling \(growth(scrollQueries)) (target ≤ ×1.5)")
        }
        print("  query = mean over 200 viewports at random offsets (cold caches); scroll = 600 frames scrolling 8 pt each")
        print()
    }

    /// Circle diameters 40…120, deterministic.
    static func data(count: Int) -> DataSet {
        var builder = DataSetBuilder()
        var state: UInt64 = 42
        for _ in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            builder.appendNumber(Double(40 + (state >> 33) % 81))
        }
        builder.endSection()
        return builder.build()
    }

    /// A scroll trace: 6 flings of 100 frames, 8 points per frame, from spread-out starts.
    static func scrollTrace(content: Size, width: Double, height: Double) -> [Rect] {
        (0..<600).map { frame in
            let start = (content.height - height - 800) * Double((frame / 100) * 37 % 6) / 6
            return Rect(x: 0, y: max(0, start) + Double(frame % 100) * 8, width: width, height: height)
        }
    }

    /// Viewport-sized rects spread over the content.
    static func viewports(count: Int, content: Size, width: Double, height: Double) -> [Rect] {
        (0..<count).map { index in
            let y = (content.height - height) * Double((index * 7919) % count) / Double(count)
            return Rect(x: 0, y: y, width: width, height: height)
        }
    }
}
