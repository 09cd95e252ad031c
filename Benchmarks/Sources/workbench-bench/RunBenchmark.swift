import BenchmarkReport
import Foundation

/// `workbench run` on one big guide view, as a user runs it: to standard output and with
/// `--output DIR`, timed by the wall clock from spawn to exit, with the peak memory of the
/// process (`SpawnedRun`), beside a run of a tiny view for the process's own baseline.
struct RunBenchmark {
    /// The `workbench` executable driven, its plugins beside it.
    let workbench: String
    var elements: Int

    struct Measured {
        var seconds: Double
        /// From the start to the first byte on standard output (loading, preparing, the check
        /// pass over the bands); nil with `--output`, which writes nothing there.
        var firstByteSeconds: Double?
        var bytes: Int
        var peakBytes: Double
    }

    /// The peak memory allowed: the process's own baseline, the data as loaded (about 25
    /// bytes an item), the guide's cache (16 bytes an element) and an 8 MB buffer.
    static func allowance(baseline: Double, elements: Int) -> (
        total: Double, data: Double, cache: Double, buffer: Double
    ) {
        let data = Double(elements) * 25, cache = Double(elements) * 16, buffer = 8e6
        return (baseline + data + cache + buffer, data, cache, buffer)
    }

    /// Throughputs (bytes a second), peaks, and the allowance for data, cache and buffer.
    func run() throws -> (standardOutput: Measured, files: Measured, baseline: Measured)? {
        guard isRunnable(workbench, part: "run") else { return nil }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("workbench-bench-\(getpid())")
            .path
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let sections = max(2, elements / 337)
        try
            "sources: {week: {generate: {sections: \(sections), items: 337}}}\nviews: {guide: {layout: guide, source: week, viewport: {width: 1024, height: 768}}}\n"
            .write(toFile: temporary + "/big.yaml", atomically: true, encoding: .utf8)
        try
            "sources: {week: {items: [1, 2]}}\nviews: {guide: {layout: guide, source: week, viewport: {width: 1024, height: 768}}}\n"
            .write(toFile: temporary + "/tiny.yaml", atomically: true, encoding: .utf8)
        let baseline = try timed(workbench, ["run", temporary + "/tiny.yaml"], errorFile: temporary + "/stderr")
        var bestOutput: Measured?, bestFiles: Measured?
        for _ in 0..<3 {
            let output = try timed(workbench, ["run", temporary + "/big.yaml"], errorFile: temporary + "/stderr")
            if output.seconds < bestOutput?.seconds ?? .infinity { bestOutput = output }
            var files = try timed(
                workbench, ["run", temporary + "/big.yaml", "--output", temporary + "/out"],
                errorFile: temporary + "/stderr")
            files.bytes =
                (try? FileManager.default.attributesOfItem(atPath: temporary + "/out/big/guide.json")[.size] as? Int)
                ?? 0
            if files.seconds < bestFiles?.seconds ?? .infinity { bestFiles = files }
        }
        let output = bestOutput!, files = bestFiles!
        let report = Report.shared
        for (name, measured) in [("stdout", output), ("output", files)] {
            report.record("run.\(sections * 337).\(name).seconds", measured.seconds, "s")
            report.record("run.\(sections * 337).\(name).bytes", Double(measured.bytes), "B")
            report.record("run.\(sections * 337).\(name).throughput", Double(measured.bytes) / measured.seconds, "B/s")
            report.record("run.\(sections * 337).\(name).peakMemory", measured.peakBytes, "B")
        }
        if let firstByte = output.firstByteSeconds {
            report.record("run.\(sections * 337).stdout.firstByte", firstByte, "s")
            report.record(
                "run.\(sections * 337).stdout.throughputAfterFirstByte",
                Double(output.bytes) / (output.seconds - firstByte), "B/s")
        }
        report.record("run.baseline.peakMemory", baseline.peakBytes, "B")
        report.record("run.baseline.seconds", baseline.seconds, "s")
        let allowance = Self.allowance(baseline: baseline.peakBytes, elements: sections * 337)
        report.record("run.\(sections * 337).allowance", allowance.total, "B")
        print(
            "workbench run — one guide view of \(sections * 337) elements (best of 3 runs; spawn to exit; peak memory from wait4)"
        )
        for (name, measured) in [("to standard output", output), ("--output DIR (pretty)", files)] {
            print(
                "  \(name): \(String(format: "%.1f", Double(measured.bytes) / 1e6)) MB in \(Measure.format(measured.seconds)), "
                    + "\(String(format: "%.2f", Double(measured.bytes) / measured.seconds / 1e9)) GB/s, peak memory \(String(format: "%.0f", measured.peakBytes / 1e6)) MB"
            )
        }
        if let firstByte = output.firstByteSeconds {
            print(
                "  to standard output, the first byte after \(Measure.format(firstByte)) (loading, preparing, the check pass), then "
                    + "\(String(format: "%.2f", Double(output.bytes) / (output.seconds - firstByte) / 1e9)) GB/s")
        }
        print("  a two-item view: \(Measure.format(baseline.seconds)) (the process's own start and end)")
        func mb(_ bytes: Double) -> String { String(format: "%.0f MB", bytes / 1e6) }
        let peak = max(output.peakBytes, files.peakBytes)
        print(
            "  peak memory \(mb(peak)) against \(mb(allowance.total)) = the process itself \(mb(baseline.peakBytes)) (a two-item view)"
                + " + data \(mb(allowance.data)) + the guide's cache \(mb(allowance.cache)) + buffer \(mb(allowance.buffer)):"
                + " ratio \(String(format: "%.2f", peak / allowance.total)); the layout's own cache and data \(mb(allowance.data + allowance.cache))"
        )
        print()
        return (output, files, baseline)
    }

    /// Runs the command with standard output counted (not kept): see `SpawnedRun`.
    private func timed(_ workbench: String, _ arguments: [String], errorFile: String) throws -> Measured {
        let run = try SpawnedRun(workbench, arguments, errorFile: errorFile)
        guard run.status == 0 else {
            throw Mismatch(description: "workbench \(arguments.joined(separator: " ")) failed: \(run.errorText)")
        }
        return Measured(
            seconds: run.seconds, firstByteSeconds: run.firstByteSeconds, bytes: run.bytes, peakBytes: run.peakBytes)
    }
}
