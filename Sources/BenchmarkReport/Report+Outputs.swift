import Foundation

extension Report {
    /// Ends a benchmark run as its options ask: writes every figure to `json`, records the
    /// guarded figures in the baseline file `record` (a new file described by `about`, or an
    /// existing one keeping, per figure, the worse of its value and this run's), and compares
    /// them with `baseline`. Returns whether the comparison flagged a figure.
    public func finish(
        isQuick: Bool, json: String?, record: String?, about: String, baseline: (file: String, baseline: Baseline)?
    ) throws -> Bool {
        if let json {
            try writeJSON(to: json, isQuick: isQuick)
            print("figures and targets written to \(json)")
        }
        if let record {
            let existing = FileManager.default.fileExists(atPath: record) ? try Baseline(contentsOf: record) : nil
            let recorded = existing?.merging(guarded) ?? Baseline(about: about, tolerance: 0.25, figures: guarded)
            try recorded.write(to: record)
            print(
                "\(guarded.count) guarded figures recorded in \(record)"
                    + (existing == nil ? "" : " (each the worse of the file's value and this run's)"))
        }
        guard let baseline else { return false }
        return baseline.baseline.printComparison(with: guarded, file: baseline.file) > 0
    }
}
