import Circles
import Guide
import LayoutKit
import MarkSheet
import SeedReferences
import Tree
import WorkspaceModel

/// The data and layouts each benchmark runs, at a given number of elements.
enum Workloads {
    static func circles(_ count: Int) -> LayoutBenchmark.Case {
        var builder = DataSetBuilder()
        var random = Generator(seed: 42)
        for _ in 0..<count { builder.appendNumber(Double(40 + random.next() % 81)) }
        builder.endSection()
        return LayoutBenchmark.Case(
            elements: count, data: builder.build(), bounds: Rect(x: 0, y: 0, width: 375, height: 667),
            makeEngine: { try CirclesLayout(options: Options()) }, makeReference: { ReferenceCirclesLayout() },
            bytesPerElement: { Double(($0 as! CirclesLayout).indexByteCount) / Double(count) })
    }

    /// A random tree of `nodes` nodes, made by the workspace's own generator
    /// (`generate: {nodes, fanout: 3}`: 0…6 children each).
    static func tree(_ nodes: Int) -> LayoutBenchmark.Case {
        let text = "sources: {tree: {generate: {nodes: \(nodes), fanout: 3, seed: 7}}}"
        let data = try! WorkspaceLoader().load(text: text, directory: "/").sources["tree"]!.data
        return LayoutBenchmark.Case(
            elements: nodes, data: data, bounds: Rect(x: 0, y: 0, width: 1024, height: 768),
            makeEngine: { try TreeLayout(options: Options()) }, makeReference: { ReferenceTreeLayout() },
            bytesPerElement: { Double(($0 as! TreeLayout).indexByteCount) / Double(nodes) })
    }

    /// A square-ish table of about `cells` marks.
    static func markSheet(_ cells: Int) -> LayoutBenchmark.Case {
        let side = Int(Double(cells).squareRoot().rounded())
        var builder = DataSetBuilder()
        var random = Generator(seed: 3)
        for _ in 0..<side {
            for _ in 0..<side { builder.appendNumber(Double(random.next() % 101)) }
            builder.endSection()
        }
        return LayoutBenchmark.Case(
            elements: side * side, data: builder.build(), bounds: Rect(x: 0, y: 0, width: 1024, height: 768),
            makeEngine: { try MarkSheetLayout(options: Options()) }, makeReference: { ReferenceMarkSheetLayout() })
    }

    /// `channels` channels × a week of half-hour programmes (336), plus the time row.
    static func guide(channels: Int) -> LayoutBenchmark.Case {
        var builder = DataSetBuilder()
        for _ in 0...channels {
            for item in 0...336 { builder.appendNumber(Double(item)) }
            builder.endSection()
        }
        return LayoutBenchmark.Case(
            elements: (channels + 1) * 337, data: builder.build(), bounds: Rect(x: 0, y: 0, width: 1024, height: 768),
            makeEngine: { try GuideLayout(options: Options()) }, makeReference: { ReferenceGuideLayout() },
            bytesPerElement: { _ in Double(GuideLayout.bytesPerItem) })
    }
}

/// A 64-bit linear congruential generator: fast, deterministic data for benchmarks.
struct Generator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 33
    }
}
