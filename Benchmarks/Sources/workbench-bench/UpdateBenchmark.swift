import BenchmarkReport
import Foundation

/// `update` of one item in views of about `items` elements through the real `workbench serve`,
/// beside preparing the same view again (`invalidate` + `prepare`), in the same run and both
/// isolation modes: what a batch update costs an editor compared with reopening.
///
/// Circles packs in item order and implements ABI 2's `prepare_for_updates`: a change near the
/// end packs only the circles after it, a change to item 0 legitimately packs them all again.
/// Guide and mark-sheet take no batches (the host invalidates their data): their prepare is
/// their own work (O(items) for the guide's grid, O(rows) for the mark-sheet), so an update
/// costs about a prepare plus the host's share.
struct UpdateBenchmark {
    /// The `workbench` executable driven, its plugins beside it.
    let workbench: String
    let items: Int

    /// One view: its source, and where its first, middle and last items are.
    struct Workload {
        var name: String
        var layout: String
        var sections: Int
        var itemsPerSection: Int
        var elements: Int { sections * itemsPerSection }
    }

    /// Best-of-3 round trips of one view, in seconds, by measurement name.
    typealias Timings = [String: Double]
    static let changes = ["reload last", "reload middle", "reload first", "delete last", "insert last"]

    var workloads: [Workload] {
        // A mark sheet of 10 subjects (students as rows): a viewport shows about 130 marks.
        [
            Workload(name: "circles", layout: "circles", sections: 1, itemsPerSection: items),
            Workload(name: "guide", layout: "guide", sections: max(2, items / 337), itemsPerSection: 337),
            Workload(name: "mark-sheet", layout: "mark-sheet", sections: max(2, items / 10), itemsPerSection: 10),
        ]
    }

    func run() throws -> (reprepare: Double, reloadLast: Double)? {
        guard isRunnable(workbench, part: "update") else { return nil }
        let report = Report.shared
        var results: [String: [String: Timings]] = [:]
        for isolation in ["process", "none"] {
            print(
                "update — one change to a view of about \(items) elements through `workbench serve --isolation \(isolation)`"
                    + " (round trips, best of 3; ratio: preparing again ÷ the update)")
            let widths = [11, 10, 14] + Array(repeating: 20, count: Self.changes.count)
            printRow(["view", "elements", "prepare again"] + Self.changes, widths: widths)
            for workload in workloads {
                let timings = try measure(workload, isolation: isolation)
                results[isolation, default: [:]][workload.name] = timings
                let reprepare = timings["prepare again"]!
                printRow(
                    [workload.name, "\(workload.elements)", Measure.format(reprepare)]
                        + Self.changes.map {
                            "\(Measure.format(timings[$0]!)) \(Measure.ratio(reference: reprepare, engine: timings[$0]!))"
                        },
                    widths: widths)
                for (name, seconds) in timings {
                    report.record(
                        "update.\(items).\(isolation).\(workload.name).\(name.replacingOccurrences(of: " ", with: "-"))",
                        seconds, "s")
                }
            }
            print("")
        }
        try printHostShare(circles: results.mapValues { $0["circles"]! })
        let circles = results["process"]!["circles"]!
        return (circles["prepare again"]!, circles["reload last"]!)
    }

    /// Opens `workload` alone in a fresh server and times preparing again and each change.
    private func measure(_ workload: Workload, isolation: String) throws -> Timings {
        let server = try ServerPeer(workbench, isolation: isolation, subject: workload.name)
        defer { server.close() }
        let call = server.call
        let view = try server.openAlone(workload)
        var timings: Timings = ["prepare again": .infinity]
        for _ in 0..<3 {
            _ = try call("invalidate", view + "}")
            timings["prepare again"] = min(timings["prepare again"]!, try call("prepare", view + "}"))
        }
        let last = workload.sections - 1, end = workload.itemsPerSection - 1
        let batches = [
            ("reload last", #"{"reload":[\#(last),\#(end)],"value":VALUE}"#),
            (
                "reload middle",
                #"{"reload":[\#(workload.sections / 2),\#(workload.itemsPerSection / 2)],"value":VALUE}"#
            ),
            ("reload first", #"{"reload":[0,0],"value":VALUE}"#),
            ("delete last", #"{"delete":[\#(last),\#(end)]}"#),
            ("insert last", #"{"insert":[\#(last),\#(end)],"value":40}"#),
        ]
        for round in 0..<3 {
            for (name, change) in batches {
                let seconds = try call(
                    "update",
                    view + #","changes":[\#(change.replacingOccurrences(of: "VALUE", with: "\(33 + round)"))]}"#)
                timings[name] = min(timings[name] ?? .infinity, seconds)
            }
        }
        return timings
    }
}
