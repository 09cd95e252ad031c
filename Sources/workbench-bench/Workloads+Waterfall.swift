import LayoutKit
import SeedReferences
import Waterfall

extension Workloads {
    /// One section of `count` items, 40…200 points high, in five columns of a 1024-point view:
    /// a viewport shows about 30 of them.
    static func waterfall(_ count: Int) -> LayoutBenchmark.Case {
        var builder = DataSetBuilder()
        var random = Generator(seed: 19)
        for _ in 0..<count { builder.appendNumber(Double(40 + random.next() % 161)) }
        builder.endSection()
        return LayoutBenchmark.Case(
            elements: count, data: builder.build(), bounds: Rect(x: 0, y: 0, width: 1024, height: 768),
            makeEngine: { try WaterfallLayout(options: Options(["columns": 5])) }, makeReference: { ReferenceWaterfallLayout(columns: 5) },
            bytesPerElement: { Double(($0 as! WaterfallLayout).byteCount) / Double(count) })
    }
}
