import BenchmarkReport
import BenchmarkWorkloads
import LayoutKit

/// One layout at growing sizes: prepare, and viewport queries at random offsets and along a
/// scroll trace, engine beside the seed-faithful reference, results checked identical; and
/// the engine's queries against a brute-force scan of its frames, for the regression guard.
struct LayoutBenchmark {
    /// What one size measured, in seconds (queries: mean per query).
    struct Measured {
        var elements: Int
        var referencePrepare, enginePrepare, referenceQuery, engineQuery, scrollQuery: Double
        var found: Double
        /// The seed's query time over the engine's, on the same sampled rects.
        var querySpeedup: Double
        /// A brute-force scan of every frame over the engine's query, timed in turns with it.
        var speedupOverScan: Double
    }

    /// What a run measured: each size, and the growth of query time per element returned.
    struct Results {
        var sizes: [Measured] = []
        var randomGrowth = 1.0, scrollGrowth = 1.0
        var largest: Measured { sizes[sizes.count - 1] }
    }

    /// The workload's name in the report (`tree`, `circles`…).
    var name: String
    var title: String
    var cases: [Workload]
    /// For profilers: time the engine only, without the references and the checks.
    var isEngineOnly = false

    @discardableResult
    func run() throws -> Results {
        print(title)
        var results = Results()
        let widths = [9, 12, 12, 9, 12, 12, 10, 7, 12, 8, 9, 9]
        printRow(
            [
                "elements", "prepare ref", "prepare eng", "ratio", "query ref", "query eng", "ratio", "k", "scroll eng",
                "B/elem", "vs scan",
                "identical",
            ], widths: widths)
        var randomQueries: [Double] = [], scrollQueries: [Double] = []
        for item in cases {
            let context = item.context
            let engine = try item.makeEngine(), reference = item.makeReference()
            var referencePrepare = isEngineOnly ? .nan : try Measure.seconds { try reference.prepare(context) }
            var enginePrepare = try Measure.median(runs: 3) {
                engine.invalidate(.everything)
                try engine.prepare(context)
            }
            // Where the seed's prepare is quick enough, both again in turns: a steadier ratio.
            if referencePrepare < Self.referenceBudget {
                let rounds = try Measure.speedup(
                    rounds: 3,
                    engine: {
                        engine.invalidate(.everything)
                        try engine.prepare(context)
                    }, reference: { try reference.prepare(context) })
                (enginePrepare, referencePrepare) = (
                    min(enginePrepare, rounds.engine), min(referencePrepare, rounds.reference)
                )
            }
            guard
                isEngineOnly
                    || (engine.contentSize == reference.contentSize
                        && engine.elements(in: .everything) == reference.elements(in: .everything))
            else {
                throw Mismatch(
                    description: "\(title) \(item.elements): the engine and the reference lay out differently")
            }
            let content = engine.contentSize
            let rects = Viewports.spread(200, content: content, viewport: item.bounds.size)
            let trace = Viewports.scrollTrace(content: content, viewport: item.bounds.size)
            let engineQuery = Self.meanQueryTime(engine, rects)
            let scrollQuery = Self.meanQueryTime(engine, trace)
            let sampled = Array(rects.prefix(item.elements >= 500_000 ? 5 : 20))
            var expected: [[LayoutAttributes]] = []
            var referenceQuery =
                isEngineOnly
                ? .nan
                : Measure.seconds { for rect in sampled { expected.append(reference.elements(in: rect)) } }
                    / Double(sampled.count)
            guard isEngineOnly || zip(sampled, expected).allSatisfy({ engine.elements(in: $0) == $1 }) else {
                throw Mismatch(description: "\(title) \(item.elements): a viewport query disagrees")
            }
            var engineSampled = engineQuery
            if referenceQuery * Double(sampled.count) < Self.referenceBudget {
                var scratch: [LayoutAttributes] = []
                let rounds = Measure.speedup(
                    rounds: 3,
                    engine: {
                        for rect in sampled {
                            scratch.removeAll(keepingCapacity: true)
                            engine.elements(in: rect, into: &scratch)
                        }
                    }, reference: { for rect in sampled { _ = reference.elements(in: rect) } })
                (engineSampled, referenceQuery) = (
                    rounds.engine / Double(sampled.count), min(referenceQuery, rounds.reference / Double(sampled.count))
                )
            }
            let querySpeedup = referenceQuery / engineSampled
            let speedupOverScan =
                isEngineOnly
                ? .nan : try Self.speedupOverScan(engine, rects.prefix(item.elements >= 500_000 ? 20 : 200))
            let found = Double(rects.reduce(0) { $0 + engine.elements(in: $1).count }) / Double(rects.count)
            let foundScrolling = Double(trace.reduce(0) { $0 + engine.elements(in: $1).count }) / Double(trace.count)
            let measured = Measured(
                elements: item.elements, referencePrepare: referencePrepare, enginePrepare: enginePrepare,
                referenceQuery: referenceQuery, engineQuery: engineQuery, scrollQuery: scrollQuery, found: found,
                querySpeedup: querySpeedup, speedupOverScan: speedupOverScan)
            results.sizes.append(measured)
            record(measured, bytesPerElement: item.bytesPerElement(engine))
            randomQueries.append(engineQuery / max(found, 1))
            scrollQueries.append(scrollQuery / max(foundScrolling, 1))
            printRow(
                [
                    "\(item.elements)", Measure.format(referencePrepare), Measure.format(enginePrepare),
                    Measure.ratio(reference: referencePrepare, engine: enginePrepare),
                    Measure.format(referenceQuery), Measure.format(engineQuery),
                    String(format: "×%.1f", querySpeedup), String(format: "%.0f", found), Measure.format(scrollQuery),
                    String(format: "%.1f", item.bytesPerElement(engine)), String(format: "×%.1f", speedupOverScan),
                    isEngineOnly ? "unchecked" : "yes",
                ], widths: widths)
        }
        if cases.count > 1 {
            results.randomGrowth = randomQueries.last! / randomQueries.first!
            results.scrollGrowth = scrollQueries.last! / scrollQueries.first!
            Report.shared.record("\(name).growth.random", results.randomGrowth, "×")
            Report.shared.record("\(name).growth.scroll", results.scrollGrowth, "×")
            print(
                "  engine query time per element returned, growth \(cases.first!.elements) → \(cases.last!.elements): "
                    + String(
                        format: "random viewports ×%.2f, scrolling ×%.2f (target ≤ ×1.5)", results.randomGrowth,
                        results.scrollGrowth))
        }
        print(
            "  query: mean of 200 viewports at spread-out offsets (cold caches), k = elements returned on average; "
                + "scroll: 600 frames of six flings;")
        print(
            "  vs scan: a brute-force scan of every frame over the engine's query time, each viewport timed alone, both in turns, best of \(Self.scanRounds)"
        )
        print()
        return results
    }

    private func record(_ measured: Measured, bytesPerElement: Double) {
        let prefix = "\(name).\(measured.elements)."
        let report = Report.shared
        report.record(prefix + "prepare.reference", measured.referencePrepare, "s")
        report.record(prefix + "prepare.engine", measured.enginePrepare, "s")
        report.record(prefix + "prepare.speedup", measured.referencePrepare / measured.enginePrepare, "×")
        report.record(prefix + "query.reference", measured.referenceQuery, "s")
        report.record(prefix + "query.engine", measured.engineQuery, "s")
        report.record(prefix + "query.speedup", measured.querySpeedup, "×")
        report.record(prefix + "query.elements", measured.found, "elements")
        report.record(prefix + "scroll.engine", measured.scrollQuery, "s")
        if !isEngineOnly { report.guarded(prefix + "query.speedupOverScan", measured.speedupOverScan, better: .higher) }
        if bytesPerElement > 0 { report.record(prefix + "bytesPerElement", bytesPerElement, "B") }
    }

    /// The mean time of one `elements(in:)` over `rects`, best of 5 passes, into a reused array.
    static func meanQueryTime(_ layout: any Layout, _ rects: [Rect]) -> Double {
        var scratch: [LayoutAttributes] = []
        return Measure.best(runs: 5) {
            for rect in rects {
                scratch.removeAll(keepingCapacity: true)
                layout.elements(in: rect, into: &scratch)
            }
        } / Double(rects.count)
    }

    static let scanRounds = 15

    /// The seed's prepare, or its sampled queries, are timed again in turns with the engine's
    /// when they take less than this (the quick sizes): their ratio is then steady enough to guard.
    static let referenceBudget = 1.0

    /// How many times faster the engine answers `rects` than a brute-force scan of all its
    /// frames collecting the indices of those that intersect: a same-run reference for the
    /// query, which stays put when the engine slows down. Each rect is timed alone, engine
    /// and scan in turns, and keeps its best of `scanRounds` rounds: a run of other work on a
    /// shared machine lands in a few of one rect's timings, not in the sum of the bests.
    static func speedupOverScan(_ layout: any Layout, _ rects: ArraySlice<Rect>) throws -> Double {
        let frames = layout.elements(in: .everything).map(\.frame)
        var scratch: [LayoutAttributes] = [], hits: [Int] = []
        var engineBest = [Double](repeating: .infinity, count: rects.count), scanBest = engineBest
        for _ in 0..<scanRounds {
            for (slot, rect) in rects.enumerated() {
                engineBest[slot] = min(
                    engineBest[slot],
                    Measure.seconds {
                        scratch.removeAll(keepingCapacity: true)
                        layout.elements(in: rect, into: &scratch)
                    })
                scanBest[slot] = min(
                    scanBest[slot],
                    Measure.seconds {
                        hits.removeAll(keepingCapacity: true)
                        frames.withUnsafeBufferPointer { frames in
                            for index in frames.indices where frames[index].intersects(rect) { hits.append(index) }
                        }
                    })
                guard scratch.count == hits.count else {
                    throw Mismatch(
                        description:
                            "the engine found \(scratch.count) elements and a scan of its frames \(hits.count) in \(rect)"
                    )
                }
            }
        }
        return scanBest.reduce(0, +) / engineBest.reduce(0, +)
    }
}
