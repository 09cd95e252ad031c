import BenchmarkReport
import BenchmarkWorkloads
import Guide
import LayoutKit
import ReferenceLayouts

/// The TV guide scrolled: each step moves the bounds (invalidating the sticky headers) and
/// then queries the viewport, engine (headers only) vs the reference (re-prepares everything).
struct GuideScrollBenchmark {
    var channels: Int
    var steps = 600

    func run() throws {
        let workload = Workloads.guide(channels: channels)
        let engine = try GuideLayout(options: Options())
        let reference = ReferenceGuideLayout()
        let viewport = workload.bounds.size
        let start = LayoutContext(dataSource: workload.data.source, bounds: workload.bounds)
        try engine.prepare(start)
        let trace = Viewports.scrollTrace(content: engine.contentSize, viewport: viewport).prefix(steps)
        var scratch: [LayoutAttributes] = []
        let engineTime =
            try Measure.median(runs: 3) {
                for bounds in trace {
                    if engine.shouldInvalidate(forBoundsChange: bounds) {
                        engine.invalidate(engine.invalidation(forBoundsChange: bounds))
                        try engine.prepare(LayoutContext(dataSource: workload.data.source, bounds: bounds))
                    }
                    scratch.removeAll(keepingCapacity: true)
                    engine.elements(in: bounds, into: &scratch)
                }
            } / Double(trace.count)
        let sampled = Array(trace.enumerated().filter { $0.offset % (steps / 10) == 0 }.map(\.element))
        var checked = 0
        let referenceTime =
            try Measure.seconds {
                for bounds in sampled {
                    try reference.prepare(LayoutContext(dataSource: workload.data.source, bounds: bounds))
                    let expected = reference.elements(in: bounds)
                    engine.invalidate(.bounds)
                    try engine.prepare(LayoutContext(dataSource: workload.data.source, bounds: bounds))
                    guard engine.elements(in: bounds) == expected else {
                        throw Mismatch(description: "guide scroll: the engine and the reference disagree at \(bounds)")
                    }
                    checked += 1
                }
            } / Double(sampled.count)
        Report.shared.record("guide.scroll.\(workload.elements).step.reference", referenceTime, "s")
        Report.shared.record("guide.scroll.\(workload.elements).step.engine", engineTime, "s")
        Report.shared.record("guide.scroll.\(workload.elements).step.speedup", referenceTime / engineTime, "×")
        print(
            "guide scrolling — \(channels) channels × a week (\(workload.elements) cells), \(trace.count) steps of bounds change + viewport query"
        )
        print(
            "  per step: reference (full re-prepare) \(Measure.format(referenceTime)), engine (headers only) \(Measure.format(engineTime)), "
                + "\(Measure.ratio(reference: referenceTime, engine: engineTime)); \(checked) steps checked identical")
        print()
    }
}
