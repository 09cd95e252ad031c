import LayoutKit

/// One layout at growing sizes: prepare, and viewport queries at random offsets and along a
/// scroll trace, engine beside the seed-faithful reference, results checked identical.
struct LayoutBenchmark {
    /// One size of one workload.
    struct Case {
        var elements: Int
        var data: DataSet
        var bounds: Rect
        var makeEngine: () throws -> any Layout
        var makeReference: () -> any Layout
        /// Bytes the prepared engine keeps per element, if it keeps any.
        var bytesPerElement: (any Layout) -> Double = { _ in 0 }
    }

    /// What one size measured, in seconds (queries: mean per query).
    struct Measured {
        var elements: Int
        var referencePrepare, enginePrepare, referenceQuery, engineQuery, scrollQuery: Double
        var found: Double
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
    var cases: [Case]
    /// For profilers: time the engine only, without the references and the checks.
    var isEngineOnly = false

    @discardableResult
    func run() throws -> Results {
        print(title)
        var results = Results()
        let widths = [9, 12, 12, 9, 12, 12, 10, 7, 12, 8, 9]
        printRow(["elements", "prepare ref", "prepare eng", "ratio", "query ref", "query eng", "ratio", "k", "scroll eng", "B/elem", "identical"], widths: widths)
        var randomQueries: [Double] = [], scrollQueries: [Double] = []
        for item in cases {
            let context = LayoutContext(dataSource: item.data.source, bounds: item.bounds)
            let engine = try item.makeEngine(), reference = item.makeReference()
            let referencePrepare = isEngineOnly ? .nan : try Measure.seconds { try reference.prepare(context) }
            let enginePrepare = try Measure.median(runs: 3) {
                engine.invalidate(.everything)
                try engine.prepare(context)
            }
            guard isEngineOnly || (engine.contentSize == reference.contentSize && engine.elements(in: .everything) == reference.elements(in: .everything)) else {
                throw Mismatch(description: "\(title) \(item.elements): the engine and the reference lay out differently")
            }
            let content = engine.contentSize
            let rects = Self.randomViewports(200, content: content, viewport: item.bounds.size)
            let trace = Self.scrollTrace(content: content, viewport: item.bounds.size)
            let engineQuery = Self.meanQueryTime(engine, rects)
            let scrollQuery = Self.meanQueryTime(engine, trace)
            let sampled = Array(rects.prefix(item.elements >= 500_000 ? 5 : 20))
            var expected: [[LayoutAttributes]] = []
            let referenceQuery = isEngineOnly ? .nan : Measure.seconds { for rect in sampled { expected.append(reference.elements(in: rect)) } } / Double(sampled.count)
            guard isEngineOnly || zip(sampled, expected).allSatisfy({ engine.elements(in: $0) == $1 }) else {
                throw Mismatch(description: "\(title) \(item.elements): a viewport query disagrees")
            }
            let found = Double(rects.reduce(0) { $0 + engine.elements(in: $1).count }) / Double(rects.count)
            let foundScrolling = Double(trace.reduce(0) { $0 + engine.elements(in: $1).count }) / Double(trace.count)
            let measured = Measured(elements: item.elements, referencePrepare: referencePrepare, enginePrepare: enginePrepare,
                                    referenceQuery: referenceQuery, engineQuery: engineQuery, scrollQuery: scrollQuery, found: found)
            results.sizes.append(measured)
            record(measured, bytesPerElement: item.bytesPerElement(engine))
            randomQueries.append(engineQuery / max(found, 1))
            scrollQueries.append(scrollQuery / max(foundScrolling, 1))
            printRow([
                "\(item.elements)", Measure.format(referencePrepare), Measure.format(enginePrepare),
                Measure.ratio(reference: referencePrepare, engine: enginePrepare),
                Measure.format(referenceQuery), Measure.format(engineQuery),
                Measure.ratio(reference: referenceQuery, engine: engineQuery), String(format: "%.0f", found), Measure.format(scrollQuery),
                String(format: "%.1f", item.bytesPerElement(engine)), isEngineOnly ? "unchecked" : "yes",
            ], widths: widths)
        }
        if cases.count > 1 {
            results.randomGrowth = randomQueries.last! / randomQueries.first!
            results.scrollGrowth = scrollQueries.last! / scrollQueries.first!
            Report.shared.record("\(name).growth.random", results.randomGrowth, "×")
            Report.shared.record("\(name).growth.scroll", results.scrollGrowth, "×")
            print("  engine query time per element returned, growth \(cases.first!.elements) → \(cases.last!.elements): "
                + String(format: "random viewports ×%.2f, scrolling ×%.2f (target ≤ ×1.5)", results.randomGrowth, results.scrollGrowth))
        }
        print("  query: mean of 200 viewports at spread-out offsets (cold caches), k = elements returned on average; "
            + "scroll: 600 frames of six flings")
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
        report.record(prefix + "query.speedup", measured.referenceQuery / measured.engineQuery, "×")
        report.record(prefix + "query.elements", measured.found, "elements")
        report.record(prefix + "scroll.engine", measured.scrollQuery, "s")
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

    /// Viewport-sized rects at spread-out offsets over the content.
    static func randomViewports(_ count: Int, content: Size, viewport: Size) -> [Rect] {
        (0..<count).map { index in
            let fraction = Double((index * 7919) % count) / Double(count)
            let other = Double((index * 104729) % count) / Double(count)
            return Rect(x: max(0, content.width - viewport.width) * other, y: max(0, content.height - viewport.height) * fraction,
                        width: viewport.width, height: viewport.height)
        }
    }

    /// Six flings of 100 frames from spread-out starts, 8 points down (and 4 across) a frame.
    static func scrollTrace(content: Size, viewport: Size) -> [Rect] {
        (0..<600).map { frame in
            let fling = Double((frame / 100) * 37 % 6) / 6, step = Double(frame % 100)
            return Rect(x: max(0, content.width - viewport.width - 400) * fling + step * 4,
                        y: max(0, content.height - viewport.height - 800) * fling + step * 8,
                        width: viewport.width, height: viewport.height)
        }
    }
}
