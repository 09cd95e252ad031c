import Foundation

extension Baseline {
    /// Prints each baseline figure beside this run's, the flagged ones marked, and a closing
    /// count; returns how many were flagged.
    public func printComparison(with run: [GuardedFigure], file: String) -> Int {
        let (comparisons, new) = compare(with: run)
        print(
            "regression guard — this run's ratios against \(file): flagged when worse than the baseline by more than "
                + String(format: "%.0f%%", tolerance * 100) + " (a figure's own tolerance where it has one)")
        let widths = [58, 10, 10, 16, 7]
        printRow(
            ["figure (engine against a reference in the same run)", "baseline", "now", "change", ""], widths: widths)
        for comparison in comparisons {
            let figure = comparison.baseline
            guard let now = comparison.now, let worsening = comparison.worsening else {
                printRow([figure.name, Self.format(figure.value), "—", "not measured", ""], widths: widths)
                continue
            }
            let change =
                worsening >= 1
                ? String(format: "%.0f%% worse", (worsening - 1) * 100)
                : String(format: "%.0f%% better", (1 / worsening - 1) * 100)
            printRow(
                [
                    figure.name, Self.format(figure.value), Self.format(now), change,
                    comparison.isFlagged ? "FLAGGED" : "ok",
                ],
                widths: widths)
        }
        for figure in new {
            printRow([figure.name, "—", Self.format(figure.value), "not in baseline", ""], widths: widths)
        }
        let flagged = comparisons.filter(\.isFlagged)
        let missing = comparisons.filter { $0.now == nil }.count
        print(
            "  \(comparisons.count - missing) compared, \(flagged.count) flagged"
                + (missing > 0 ? ", \(missing) not measured in this run (parts not run)" : "")
                + (new.isEmpty ? "" : ", \(new.count) not in the baseline"))
        for comparison in flagged {
            print(
                "  regression: \(comparison.baseline.name) is \(String(format: "×%.2f", comparison.worsening!)) worse than its baseline "
                    + "(\(Self.format(comparison.baseline.value)) → \(Self.format(comparison.now!)), \(comparison.baseline.better == .higher ? "higher" : "lower") is better)"
            )
        }
        print()
        return flagged.count
    }

    private static func format(_ value: Double) -> String {
        value >= 100
            ? String(format: "×%.0f", value)
            : value >= 1 ? String(format: "×%.2f", value) : String(format: "×%.3f", value)
    }
}
