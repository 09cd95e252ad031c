import Foundation

/// `update` of one item in a large circles view through the real `workbench serve`, beside
/// preparing the same view again (`invalidate` + `prepare`), in the same run: what a batch
/// update costs an editor compared with reopening. Circles implements ABI 2's
/// `prepare_for_updates`, so a change near the end packs only the circles after it.
struct UpdateBenchmark {
    let items: Int

    func run() throws -> (reprepare: Double, reloadLast: Double)? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("workbench").path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            print("update: skipped, no workbench beside this benchmark (swift build -c release builds it)\n")
            return nil
        }
        let server = try Peer(executable, ["serve"])
        defer { server.close() }
        var id = 0
        func call(_ method: String, _ params: String) throws -> (seconds: Double, reply: String) {
            id += 1
            let message = Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8) + [10]
            var reply: [UInt8] = []
            let seconds = try Measure.seconds { reply = try server.roundTrip(message) }
            let text = String(decoding: reply, as: UTF8.self)
            guard !text.contains(#""error""#) else { throw Mismatch(description: "\(method) failed: \(text.prefix(300))") }
            return (seconds, text)
        }
        let view = #"{"view":"workspace/c""#
        _ = try call("open", #"{"text":"sources: {c: {generate: {sections: 1, items: \#(items), min: 20, max: 60}}}\nviews: {c: {layout: circles, source: c}}","directory":"/tmp"}"#)
        let firstPrepare = try call("prepare", view + "}").seconds
        var reprepare = Double.infinity
        for _ in 0..<3 {
            _ = try call("invalidate", view + "}")
            reprepare = min(reprepare, try call("prepare", view + "}").seconds)
        }
        var reloadLast = Double.infinity, append = Double.infinity, deleteLast = Double.infinity
        for round in 0..<3 {
            reloadLast = min(reloadLast, try call("update", view + #","changes":[{"reload":[0,\#(items - 1)],"value":\#(30 + round)}]}"#).seconds)
            append = min(append, try call("update", view + #","changes":[{"insert":[0,\#(items)],"value":40}]}"#).seconds)
            deleteLast = min(deleteLast, try call("update", view + #","changes":[{"delete":[0,\#(items)]}]}"#).seconds)
        }
        let middle = try call("update", view + #","changes":[{"reload":[0,\#(items / 2)],"value":33}]}"#).seconds
        let first = try call("update", view + #","changes":[{"reload":[0,0],"value":33}]}"#)
        let report = Report.shared
        report.record("update.\(items).reprepare", reprepare, "s")
        report.record("update.\(items).reloadLast", reloadLast, "s")
        report.record("update.\(items).append", append, "s")
        report.record("update.\(items).reloadFirst", first.seconds, "s")
        print("update — one item of a circles view of \(items) items through `workbench serve` (round trips, best of 3)")
        print("  first prepare \(Measure.format(firstPrepare)); invalidate + prepare again: \(Measure.format(reprepare))")
        for (name, seconds) in [("reload the last item", reloadLast), ("insert after the last", append), ("delete the last", deleteLast),
                                ("reload the middle item (packs half)", middle),
                                ("reload the first item (packs all; circles entering the bounds need the old layout: a second prepare)", first.seconds)] {
            print("  update, \(name): \(Measure.format(seconds))   \(Measure.ratio(reference: reprepare, engine: seconds)) vs preparing again")
        }
        print("")
        return (reprepare, reloadLast)
    }
}
