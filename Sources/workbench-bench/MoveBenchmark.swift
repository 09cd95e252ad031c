import BenchmarkReport
import Foundation

/// Drag to reorder in views of about `items` elements through the real `workbench serve`, in
/// both isolation modes: one `updateMove` step (the target found, the cells in the bounds
/// shown in their slots) beside preparing the same view again (`invalidate` + `prepare`),
/// which is what computing the step with a prepare would cost at least.
struct MoveBenchmark {
    let items: Int

    var workloads: [UpdateBenchmark.Workload] { UpdateBenchmark(items: items).workloads }

    /// The median `updateMove` step and the best prepare-again, circles in process isolation.
    func run() throws -> (reprepare: Double, step: Double)? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("workbench").path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            print("move: skipped, no workbench beside this benchmark (swift build -c release builds it)\n")
            return nil
        }
        var circles: (Double, Double)?
        for isolation in ["process", "none"] {
            print(
                "move — updateMove in a view of about \(items) elements through `workbench serve --isolation \(isolation)`"
                    + " (round trips; ratio: preparing again ÷ one step)")
            let widths = [11, 10, 14, 22, 14, 16]
            printRow(
                ["view", "elements", "prepare again", "updateMove (median)", "beginMove", "endMove commit"],
                widths: widths)
            for workload in workloads {
                let timings = try measure(workload, isolation: isolation, executable: executable)
                printRow(
                    [
                        workload.name, "\(workload.elements)", Measure.format(timings.reprepare),
                        "\(Measure.format(timings.step)) \(Measure.ratio(reference: timings.reprepare, engine: timings.step))",
                        Measure.format(timings.begin), Measure.format(timings.commit),
                    ], widths: widths)
                Report.shared.record("move.\(items).\(isolation).\(workload.name).updateMove", timings.step, "s")
                Report.shared.record(
                    "move.\(items).\(isolation).\(workload.name).prepare-again", timings.reprepare, "s")
                if isolation == "process", workload.name == "circles" { circles = (timings.reprepare, timings.step) }
            }
            print("")
        }
        return circles
    }

    private func measure(
        _ workload: UpdateBenchmark.Workload, isolation: String,
        executable: String
    ) throws -> (reprepare: Double, step: Double, begin: Double, commit: Double) {
        let server = try ServerPeer(executable, isolation: isolation, subject: workload.name)
        defer { server.close() }
        let call = server.call
        let view = try server.openAlone(workload)
        var reprepare = Double.infinity
        for _ in 0..<3 {
            _ = try call("invalidate", view + "}")
            reprepare = min(reprepare, try call("prepare", view + "}"))
        }
        let begin = try call("beginMove", view + #","element":{"section":0,"item":1},"position":{"x":60,"y":60}}"#)
        var steps: [Double] = []
        for step in 0..<60 {
            let x = 20 + Double(step * 37 % 330), y = 20 + Double(step * 53 % 620)
            steps.append(try call("updateMove", view + #","position":{"x":\#(x),"y":\#(y)}}"#))
        }
        let commit = try call("endMove", view + #","commit":true}"#)
        return (reprepare, steps.sorted()[steps.count / 2], begin, commit)
    }
}
