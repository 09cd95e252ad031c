import Foundation

extension Report {
    /// Ends a benchmark run as its options ask: writes every figure to `outputs.json`, records
    /// the guarded figures in the baseline file `outputs.record` (a new file described by
    /// `about`, or an existing one keeping, per figure, the worse of its value and this run's),
    /// and compares them with `outputs.baseline`. Returns whether the comparison flagged a figure.
    public func finish(isQuick: Bool, outputs: BenchmarkOutputs, about: String) throws -> Bool {
        if let json = outputs.json {
            try writeJSON(to: json, isQuick: isQuick)
            print("figures and targets written to \(json)")
        }
        if let record = outputs.record {
            let existing = FileManager.default.fileExists(atPath: record) ? try Baseline(contentsOf: record) : nil
            let recorded = existing?.merging(guarded) ?? Baseline(about: about, tolerance: 0.25, figures: guarded)
            try recorded.write(to: record)
            print(
                "\(guarded.count) guarded figures recorded in \(record)"
                    + (existing == nil ? "" : " (each the worse of the file's value and this run's)"))
        }
        guard let baseline = outputs.baseline else { return false }
        return baseline.baseline.printComparison(with: guarded, file: baseline.file) > 0
    }
}
