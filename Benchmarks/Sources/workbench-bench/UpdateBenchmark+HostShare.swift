import BenchmarkReport
import BenchmarkWorkloads
import Circles
import LayoutKit

extension UpdateBenchmark {
    /// Circles' own work for each reload, measured on the layout itself in this process
    /// (`prepare(forUpdates:)` then `prepare` with the changed data, best of 3), beside the
    /// update's round trip in each mode: the difference is what the workbench adds (the batch
    /// planned and checked, the data spliced and shared, the transition worked out, JSON).
    func printHostShare(circles: [String: Timings]) throws {
        var random = Generator(seed: 5)
        let values = (0..<items).map { _ in Double(20 + random.next() % 41) }
        let bounds = Rect(x: 0, y: 0, width: 375, height: 667)  // a workspace view's default viewport
        func data(_ values: [Double]) -> DataSet {
            var builder = DataSetBuilder()
            for value in values { builder.appendNumber(value) }
            builder.endSection()
            return builder.build()
        }
        let old = data(values)
        print(
            "update — circles' own work (prepare_for_updates + prepare, in this process) and what the host adds to it")
        let widths = [15, 14, 22, 22]
        printRow(["change", "circles' work", "host adds (none)", "host adds (process)"], widths: widths)
        for (name, item) in [("reload last", items - 1), ("reload middle", items / 2), ("reload first", 0)] {
            var changed = values
            changed[item] = 33
            let new = data(changed)
            var runs: [ItemRun] = []
            if item > 0 { runs.append(ItemRun(old: 0, new: 0, count: item)) }
            if item + 1 < items { runs.append(ItemRun(old: item + 1, new: item + 1, count: items - item - 1)) }
            var work = Double.infinity
            for _ in 0..<3 {
                let layout = try CirclesLayout(options: Options())
                try layout.prepare(LayoutContext(dataSource: old.source, bounds: bounds))
                let starts: [Int64] = [0, Int64(items)], sections: [Int64] = [0]
                work = min(
                    work,
                    try Measure.seconds {
                        starts.withUnsafeBufferPointer { starts in
                            sections.withUnsafeBufferPointer { sections in
                                layout.prepare(
                                    forUpdates: UpdateBatch(
                                        oldSectionStarts: starts, newSectionStarts: starts, sectionOldToNew: sections,
                                        sectionNewToOld: sections, itemRuns: runs))
                            }
                        }
                        try layout.prepare(LayoutContext(dataSource: new.source, bounds: bounds))
                    })
            }
            func share(_ mode: String) -> String {
                let update = circles[mode]![name]!
                return
                    "\(Measure.format(max(0, update - work))) (\(Int((100 * max(0, update - work) / update).rounded()))%)"
            }
            printRow([name, Measure.format(work), share("none"), share("process")], widths: widths)
            Report.shared.record(
                "update.\(items).circles.own.\(name.replacingOccurrences(of: " ", with: "-"))", work, "s")
        }
        print(
            "  (circles packs in item order: a change to the middle or first item packs every circle after it again, so the update"
        )
        print("   costs about that packing — for the first item, about a whole prepare)\n")
    }
}
