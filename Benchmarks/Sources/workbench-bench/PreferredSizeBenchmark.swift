import BenchmarkReport
import Foundation

/// `preferredSizes` of one item in the middle of a waterfall of `items` items (one section)
/// through the real `workbench serve`, beside preparing the same view again (`invalidate` +
/// `prepare`), in the same run and both isolation modes: what a self-sizing cell costs.
struct PreferredSizeBenchmark {
    /// The `workbench` executable driven, its plugins beside it.
    let workbench: String
    let items: Int

    /// Best-of-3 round trips in seconds, by isolation mode: preparing again, and the preferred size.
    func run() throws -> [String: (prepareAgain: Double, preferredSize: Double)]? {
        guard isRunnable(workbench, part: "waterfall preferredSizes") else { return nil }
        print(
            "waterfall preferredSizes — one item in the middle of \(items) (one section, 5 columns) through `workbench serve` (round trips, best of 3)"
        )
        let widths = [11, 16, 22, 9]
        printRow(["isolation", "prepare again", "preferredSizes middle", "ratio"], widths: widths)
        var results: [String: (Double, Double)] = [:]
        for isolation in ["process", "none"] {
            let server = try ServerPeer(workbench, isolation: isolation, subject: "waterfall")
            defer { server.close() }
            let call = server.call
            let source = "{generate: {sections: 1, items: \(items), min: 40, max: 200}}"
            _ = try call(
                "open",
                #"{"text":"sources: {d: \#(source)}\nviews: {v: {layout: waterfall, source: d, viewport: {width: 1024, height: 768}, options: {columns: 5}}}","directory":"/tmp"}"#
            )
            let view = #"{"view":"workspace/v""#
            _ = try call("prepare", view + "}")
            var prepareAgain = Double.infinity, preferred = Double.infinity
            for round in 0..<3 {
                _ = try call("invalidate", view + "}")
                prepareAgain = min(prepareAgain, try call("prepare", view + "}"))
                let size =
                    #"{"element":{"category":"cell","section":0,"item":\#(items / 2)},"size":{"width":10,"height":\#(100 + round)}}"#
                preferred = min(preferred, try call("preferredSizes", view + #","sizes":[\#(size)]}"#))
            }
            results[isolation] = (prepareAgain, preferred)
            printRow(
                [
                    isolation, Measure.format(prepareAgain), Measure.format(preferred),
                    Measure.ratio(reference: prepareAgain, engine: preferred),
                ], widths: widths)
            Report.shared.record("waterfall.preferredSizes.\(items).\(isolation).prepareAgain", prepareAgain, "s")
            Report.shared.record("waterfall.preferredSizes.\(items).\(isolation).middle", preferred, "s")
        }
        print("")
        return results
    }
}
