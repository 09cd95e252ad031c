import BenchmarkReport
import Foundation

/// Drag to reorder in views of about `items` elements through the real `workbench serve`, in
/// both isolation modes: an `updateMove` step that keeps its target (the target found, the
/// cells in the bounds diffed) and one that changes it (the layout laid out again with the
/// item moved, in a second instance), beside preparing the same view again (`invalidate` +
/// `prepare`).
struct MoveBenchmark {
    /// The `workbench` executable driven, its plugins beside it.
    let workbench: String
    let items: Int

    var workloads: [UpdateBenchmark.Workload] {
        UpdateBenchmark(workbench: workbench, items: items).workloads + [
            .init(name: "waterfall", layout: "waterfall", sections: 1, itemsPerSection: items)
        ]
    }

    /// The median `updateMove` step and the best prepare-again, circles in process isolation.
    func run() throws -> (reprepare: Double, step: Double)? {
        guard isRunnable(workbench, part: "move") else { return nil }
        var circles: (Double, Double)?
        for isolation in ["process", "none"] {
            print(
                "move — updateMove in a view of about \(items) elements through `workbench serve --isolation \(isolation)`"
                    + " (round trips, medians; ratio: preparing again ÷ one step)")
            let widths = [11, 10, 14, 22, 16, 14, 16]
            printRow(
                [
                    "view", "elements", "prepare again", "step, same target", "target change", "beginMove",
                    "endMove commit",
                ], widths: widths)
            for workload in workloads {
                let timings = try measure(workload, isolation: isolation)
                printRow(
                    [
                        workload.name, "\(workload.elements)", Measure.format(timings.reprepare),
                        "\(Measure.format(timings.step)) \(Measure.ratio(reference: timings.reprepare, engine: timings.step))",
                        Measure.format(timings.targetChange), Measure.format(timings.begin),
                        Measure.format(timings.commit),
                    ], widths: widths)
                Report.shared.record("move.\(items).\(isolation).\(workload.name).updateMove", timings.step, "s")
                Report.shared.record(
                    "move.\(items).\(isolation).\(workload.name).target-change", timings.targetChange, "s")
                Report.shared.guarded(
                    "move.\(items).\(isolation).\(workload.name).targetChangeOverUpdate",
                    timings.targetChange / timings.commit, better: .lower)
                Report.shared.record(
                    "move.\(items).\(isolation).\(workload.name).prepare-again", timings.reprepare, "s")
                if isolation == "process", workload.name == "circles" { circles = (timings.reprepare, timings.step) }
            }
            print("")
        }
        return circles
    }

    private func measure(_ workload: UpdateBenchmark.Workload, isolation: String) throws -> (
        reprepare: Double, step: Double, targetChange: Double, begin: Double, commit: Double
    ) {
        let server = try ServerPeer(workbench, isolation: isolation, subject: workload.name)
        defer { server.close() }
        let call = server.call
        let view = try server.openAlone(workload)
        var reprepare = Double.infinity
        for _ in 0..<3 {
            _ = try call("invalidate", view + "}")
            reprepare = min(reprepare, try call("prepare", view + "}"))
        }
        let begin = try call("beginMove", view + #","element":{"section":0,"item":1},"position":{"x":60,"y":60}}"#)
        func step(_ x: Double, _ y: Double) throws -> Double {
            try call("updateMove", view + #","position":{"x":\#(x),"y":\#(y)}}"#)
        }
        // Jitter inside the dragged cell: the target stays.
        var steps: [Double] = []
        for index in 0..<40 { steps.append(try step(60 + Double(index % 5) * 0.5, 60)) }
        // Across the bounds, a new place each step: the steps whose target changed.
        var changes: [Double] = []
        var target = ""
        for index in 0..<60 where changes.count < 10 {
            let seconds = try step(30 + Double(index * 29 % 330), 65 + Double(index * 41 % 580))
            let answered = server.lastReply.firstRange(of: #""target":["#).map {
                String(server.lastReply[$0.upperBound...].prefix { $0 != "]" })
            }
            if let answered, answered != target { changes.append(seconds) }
            target = answered ?? target
        }
        guard !changes.isEmpty else { throw Mismatch(description: "\(workload.name): no step changed the target") }
        let commit = try call("endMove", view + #","commit":true}"#)
        return (reprepare, steps.sorted()[steps.count / 2], changes.sorted()[changes.count / 2], begin, commit)
    }
}
