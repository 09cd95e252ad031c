import Foundation
import JSON
import JSONOutput

/// The committed figures a benchmark run is compared with: `--baseline FILE` flags every
/// guarded figure that got worse than its baseline value by more than the tolerance.
///
/// The file is JSON, written by `--record-baseline FILE` and updated only on purpose. Each
/// recording keeps, per figure, the worse of the file's value and the run's (`merging`), so
/// that a baseline recorded over several runs — some on a quiet machine, some beside a build —
/// holds the slowest this code measured, and the tolerance is counted from there:
///
///     {"about": "…", "figures": [{"better": "higher", "name": "circles.10000.query.speedupOverScan",
///       "value": 14.2}, …], "tolerance": 0.25}
///
/// A figure may carry its own `"tolerance"`, overriding the file's.
public struct Baseline: Equatable, Sendable {
    public var about: String
    public var tolerance: Double
    public var figures: [GuardedFigure]

    public init(about: String, tolerance: Double, figures: [GuardedFigure]) {
        self.about = about
        self.tolerance = tolerance
        self.figures = figures
    }

    /// A baseline file that could not be read.
    public struct FormatError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads a baseline file.
    ///
    /// - Throws: `FormatError` naming the file and what is wrong with it, or why it cannot be read.
    public init(contentsOf path: String) throws {
        func fail(_ message: String) -> FormatError { FormatError(description: "\(path): \(message)") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw fail("cannot be read: \(error.localizedDescription)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw fail("not a JSON object")
        }
        guard let tolerance = object["tolerance"] as? Double, tolerance >= 0 else {
            throw fail("'tolerance' must be a number ≥ 0")
        }
        guard let entries = object["figures"] as? [[String: Any]] else {
            throw fail("'figures' must be a list of objects")
        }
        var figures: [GuardedFigure] = []
        for (position, entry) in entries.enumerated() {
            guard let name = entry["name"] as? String, let value = entry["value"] as? Double,
                let better = (entry["better"] as? String).flatMap(GuardedFigure.Better.init(rawValue:))
            else {
                throw fail(
                    "figure \(position + 1) needs a 'name', a numeric 'value' and 'better': \"higher\" or \"lower\"")
            }
            let own = entry["tolerance"] as? Double
            if let own, own < 0 { throw fail("figure '\(name)': 'tolerance' must be ≥ 0") }
            figures.append(GuardedFigure(name: name, value: value, better: better, tolerance: own))
        }
        self.init(about: object["about"] as? String ?? "", tolerance: tolerance, figures: figures)
    }

    /// Writes the file, pretty-printed with sorted keys, figures by name.
    public func write(to path: String) throws {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.key("about"); writer.string(about)
        writer.key("figures")
        writer.beginArray()
        for figure in figures.sorted(by: { $0.name < $1.name }) {
            writer.beginObject()
            writer.key("better"); writer.string(figure.better.rawValue)
            writer.key("name"); writer.string(figure.name)
            if let tolerance = figure.tolerance {
                writer.key("tolerance"); writer.number(tolerance)
            }
            writer.key("value"); writer.number((figure.value * 1000).rounded() / 1000)
            writer.endObject()
        }
        writer.endArray()
        writer.key("tolerance"); writer.number(tolerance)
        writer.endObject()
        writer.bytes.append(UInt8(ascii: "\n"))
        try Data(writer.bytes).write(to: URL(fileURLWithPath: path))
    }

    /// This baseline with `run`'s figures recorded into it: each figure both have keeps the
    /// worse of the two values, the run's other figures are added, and the baseline's others
    /// stay.
    public func merging(_ run: [GuardedFigure]) -> Baseline {
        var figures = self.figures
        for figure in run {
            guard let index = figures.firstIndex(where: { $0.name == figure.name }) else {
                figures.append(figure)
                continue
            }
            if figures[index].worsening(to: figure.value) > 1 { figures[index].value = figure.value }
        }
        return Baseline(about: about, tolerance: tolerance, figures: figures)
    }

    /// One baseline figure beside this run's value.
    public struct Comparison: Equatable, Sendable {
        public var baseline: GuardedFigure
        /// This run's value; nil when this run did not measure the figure.
        public var now: Double?
        public var tolerance: Double

        /// How many times worse than the baseline (above 1 worse, below 1 better).
        public var worsening: Double? { now.map(baseline.worsening(to:)) }
        public var isFlagged: Bool { (worsening ?? 0) > 1 + tolerance }
    }

    /// Each baseline figure beside the same-named figure of `run`, and the figures of `run`
    /// the baseline does not have.
    public func compare(with run: [GuardedFigure]) -> (comparisons: [Comparison], new: [GuardedFigure]) {
        var measured: [String: Double] = [:]
        for figure in run { measured[figure.name] = figure.value }
        let known = Set(figures.map(\.name))
        let comparisons = figures.map {
            Comparison(baseline: $0, now: measured[$0.name], tolerance: $0.tolerance ?? tolerance)
        }
        return (comparisons, run.filter { !known.contains($0.name) })
    }
}
