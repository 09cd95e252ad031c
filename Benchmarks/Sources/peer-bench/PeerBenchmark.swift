import BenchmarkReport
import BenchmarkWorkloads
import LayoutKit

/// One workload's queries four ways, in one process, on the same frames and viewports: the
/// engine's `elements(in:into:)`, LayoutKit's bare `SpatialIndex`, and Boost's packed R-tree
/// (quadratic and R* splitting, 16 a node); every answer checked, then timed in turns.
struct PeerBenchmark {
    var workload: Workload
    /// Random viewports asked for; fewer when each returns many elements (see `queryCount`).
    var queries: Int
    var rounds: Int
    var checks = 300
    var seed: UInt64 = 1

    /// The engine's ratios to Boost's best path, for the summary.
    struct Ratios {
        var layout: String
        var elements: Int
        var k: Double
        var bench, p50, mean, p99: Double
        var boostBest: String
    }

    func run() throws -> Ratios {
        let engine = try workload.makeEngine()
        let context = workload.context
        let prepare = try Measure.median(runs: 3) {
            engine.invalidate(.everything)
            try engine.prepare(context)
        }
        let everything = engine.elements(in: .everything)
        let frames = everything.map(\.frame)
        var canonical: [ElementID: Int] = [:]
        canonical.reserveCapacity(everything.count)
        for (index, attributes) in everything.enumerated() { canonical[attributes.element] = index }
        let content = engine.contentSize, viewport = workload.bounds.size

        let bench = Viewports.spread(200, content: content, viewport: viewport)
        let benchExpected = bench.map { Self.bruteForce(frames, $0) }
        let kBench = Double(benchExpected.reduce(0) { $0 + $1.count }) / Double(bench.count)
        let random = Viewports.random(
            Self.queryCount(queries, k: kBench), seed: seed, content: content, viewport: viewport)

        var paths = [QueryPath.engine(engine, prepare: prepare, canonical: canonical)]
        paths += [SpatialIndex.Packing.asGiven, .hilbert].map { QueryPath.bareIndex(frames, packing: $0) }
        paths += BoostRTree.Kind.allCases.map { QueryPath.boost(frames, kind: $0) }
        try check(
            paths, on: bench + random.prefix(checks),
            expected: benchExpected + random.prefix(checks).map { Self.bruteForce(frames, $0) })
        let kRandom = try elementsFound(by: paths, on: random)

        let timings = PathTimings.measure(paths, bench: bench, random: random, k: kRandom, rounds: rounds)
        print(
            "\(workload.layout) — \(frames.count) elements (\(workload.elements) items), content \(Self.number(content.width)) × "
                + "\(Self.number(content.height)), viewport \(Self.number(viewport.width)) × \(Self.number(viewport.height))"
        )
        print(
            "  viewports: the bench's 200 (k = \(String(format: "%.1f", kBench))) and \(random.count) random (k = \(String(format: "%.1f", kRandom)), "
                + "seed \(seed)); every path checked against brute force on \(bench.count + min(checks, random.count)), k equal on all"
        )
        let widths = [30, 10, 10, 10, 10, 10]
        printRow(["query path", "build", "bench/q", "p50", "mean", "p99"], widths: widths)
        for (path, timing) in zip(paths, timings) {
            printRow(
                [
                    path.name, Measure.format(path.build), Measure.format(timing.bench), Measure.format(timing.p50),
                    Measure.format(timing.mean), Measure.format(timing.p99),
                ], widths: widths)
        }
        return record(paths, timings, k: kRandom)
    }

    /// Every path answers `rects` exactly as a brute-force filter does.
    private func check(_ paths: [QueryPath], on rects: [Rect], expected: [[Int]]) throws {
        for path in paths {
            for (rect, ids) in zip(rects, expected) {
                path.run(rect)
                guard path.ids() == ids else {
                    throw Mismatch(
                        description: "\(workload.layout): \(path.name)'s answer for \(rect) differs from brute force")
                }
            }
        }
    }

    /// The mean number of elements the paths find on `rects`, after checking that they all
    /// find as many on every one.
    private func elementsFound(by paths: [QueryPath], on rects: [Rect]) throws -> Double {
        let counts = paths.map { path in
            rects.map { rect -> Int in
                path.run(rect); return path.count()
            }
        }
        for (path, pathCounts) in zip(paths, counts) where pathCounts != counts[0] {
            throw Mismatch(
                description: "\(workload.layout): \(path.name) finds other numbers of elements than \(paths[0].name)")
        }
        return Double(counts[0].reduce(0, +)) / Double(rects.count)
    }

    /// Records every path's figures, the engine's ratios to Boost's best (guarded), and the
    /// targets; prints the ratios.
    private func record(_ paths: [QueryPath], _ timings: [PathTimings], k: Double) -> Ratios {
        let report = Report.shared
        let prefix = "peers.\(workload.layout).\(workload.elements)."
        for (path, timing) in zip(paths, timings) {
            for (figure, value) in [
                ("build", path.build), ("bench", timing.bench), ("p50", timing.p50), ("mean", timing.mean),
                ("p99", timing.p99),
            ] {
                report.record(prefix + path.key + "." + figure, value, "s")
            }
        }
        report.record(prefix + "k", k, "elements")
        let boost = Array(zip(paths, timings).filter { $0.0.key.hasPrefix("boost") })
        func best(_ figure: KeyPath<PathTimings, Double>) -> Double { boost.map { $0.1[keyPath: figure] }.min()! }
        let engine = timings[0], index = timings[1]
        let ratios = Ratios(
            layout: workload.layout, elements: workload.elements, k: k,
            bench: engine.bench / best(\.bench), p50: engine.p50 / best(\.p50),
            mean: engine.mean / best(\.mean), p99: engine.p99 / best(\.p99),
            boostBest: boost.min { $0.1.mean < $1.1.mean }!.0.name)
        for (figure, value) in [
            ("bench", ratios.bench), ("p50", ratios.p50), ("mean", ratios.mean), ("p99", ratios.p99),
        ] {
            report.guarded(prefix + "engineOverBoost." + figure, value, better: .lower)
        }
        report.record(prefix + "indexOverBoost.mean", index.mean / best(\.mean), "×")
        report.target(
            "\(workload.layout) at \(workload.elements): engine mean / Boost's best", measured: ratios.mean, atMost: 1,
            "×")
        report.target(
            "\(workload.layout) at \(workload.elements): engine p99 / Boost's best", measured: ratios.p99, atMost: 1,
            "×")
        print(
            String(
                format:
                    "  engine / Boost's best: bench ×%.2f, p50 ×%.2f, mean ×%.2f, p99 ×%.2f (target: mean and p99 ≤ ×1.0); ",
                ratios.bench, ratios.p50, ratios.mean, ratios.p99)
                + String(format: "bare SpatialIndex(.asGiven) / Boost's best mean ×%.2f", index.mean / best(\.mean)))
        print()
        return ratios
    }

    /// Fewer random viewports when each returns many elements (the mark sheet's thousands):
    /// about 2·10^7 elements a pass, at least 1,000 viewports.
    static func queryCount(_ asked: Int, k: Double) -> Int {
        min(asked, max(1_000, Int(2e7 / max(k, 1))))
    }

    /// The indices of the frames meeting `rect`, ascending.
    static func bruteForce(_ frames: [Rect], _ rect: Rect) -> [Int] {
        frames.withUnsafeBufferPointer { frames in frames.indices.filter { frames[$0].intersects(rect) } }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", value)
    }
}
