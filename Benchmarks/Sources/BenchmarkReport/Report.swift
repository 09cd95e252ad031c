import Foundation
import JSON
import JSONOutput

/// Every figure a benchmark measures, every target it checks, and the figures its
/// regression guard compares with a baseline, kept for the closing summary and for
/// `--json FILE`.
///
/// A benchmark runs on one thread; its parts record into the one shared report.
public final class Report {
    /// One measured number: `name` is dotted (`tree.1000000.query.engine`), `unit` SI-ish
    /// ("s", "B", "B/s", "×", "elements").
    public struct Figure {
        public var name: String
        public var value: Double
        public var unit: String
        /// Set for the figures the regression guard compares (see `GuardedFigure`).
        public var better: GuardedFigure.Better?
    }

    /// One of the issue's targets with what this run measured.
    public struct Target {
        public var name: String
        public var measured: Double
        public var limit: Double
        public var unit: String
        /// True for "at most `limit`" targets (times, growth), false for "at least" (speed-ups, throughput).
        public var isUpperBound: Bool

        public var isMet: Bool { isUpperBound ? measured <= limit : measured >= limit }
        /// measured / limit: ≤ 1 meets an upper bound, ≥ 1 meets a lower bound.
        public var ratio: Double { measured / limit }
    }

    nonisolated(unsafe) public static let shared = Report()  // Unsafe: the benchmarks are single-threaded.

    public private(set) var figures: [Figure] = []
    public private(set) var targets: [Target] = []

    /// The figures the regression guard compares.
    public var guarded: [GuardedFigure] {
        figures.compactMap { figure in
            figure.better.map { GuardedFigure(name: figure.name, value: figure.value, better: $0) }
        }
    }

    public func record(_ name: String, _ value: Double, _ unit: String) {
        figures.append(Figure(name: name, value: value, unit: unit))
    }

    /// Records a figure that does not depend on the machine — the ratio of the engine's time
    /// to a reference's measured in the same run (the seed's algorithm, a brute-force scan,
    /// Boost, a raw pipe) — for `--baseline` to compare.
    public func guarded(_ name: String, _ value: Double, better: GuardedFigure.Better) {
        figures.append(Figure(name: name, value: value, unit: "×", better: better))
    }

    public func target(_ name: String, measured: Double, atMost limit: Double, _ unit: String) {
        targets.append(Target(name: name, measured: measured, limit: limit, unit: unit, isUpperBound: true))
    }

    public func target(_ name: String, measured: Double, atLeast limit: Double, _ unit: String) {
        targets.append(Target(name: name, measured: measured, limit: limit, unit: unit, isUpperBound: false))
    }

    /// The targets, one line each: name, measured value, limit, ratio, met or missed.
    public func printTargets(isQuick: Bool) {
        guard !targets.isEmpty else { return }
        print(
            "targets"
                + (isQuick ? " (quick run: measured at the small sizes, so not comparable with the 10^6 targets)" : ""))
        let widths = [66, 12, 14, 6, 4]
        printRow(["target", "measured", "limit", "ratio", "met"], widths: widths)
        for target in targets {
            printRow(
                [
                    target.name, Self.format(target.measured, target.unit),
                    (target.isUpperBound ? "≤ " : "≥ ") + Self.format(target.limit, target.unit),
                    String(format: "%.2f", target.ratio), target.isMet ? "yes" : "NO",
                ], widths: widths)
        }
        print(
            "  ratio = measured / limit (≤ 1 meets a ≤ target, ≥ 1 meets a ≥ target); \(targets.filter(\.isMet).count) of \(targets.count) met"
        )
        print()
    }

    /// Writes `{quick, figures: [{name, unit, value[, better]}], targets: [{name, unit, measured, limit, bound, ratio,
    /// met}]}`.
    public func writeJSON(to path: String, isQuick: Bool) throws {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.key("figures")
        writer.beginArray()
        for figure in figures {
            writer.beginObject()
            if let better = figure.better {
                writer.key("better"); writer.string(better.rawValue)
            }
            writer.key("name"); writer.string(figure.name)
            writer.key("unit"); writer.string(figure.unit)
            writer.key("value"); writer.number(figure.value)
            writer.endObject()
        }
        writer.endArray()
        writer.key("quick"); writer.bool(isQuick)
        writer.key("targets")
        writer.beginArray()
        for target in targets {
            writer.beginObject()
            writer.key("bound"); writer.string(target.isUpperBound ? "atMost" : "atLeast")
            writer.key("limit"); writer.number(target.limit)
            writer.key("measured"); writer.number(target.measured)
            writer.key("met"); writer.bool(target.isMet)
            writer.key("name"); writer.string(target.name)
            writer.key("ratio"); writer.number(target.ratio)
            writer.key("unit"); writer.string(target.unit)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        writer.bytes.append(UInt8(ascii: "\n"))
        try Data(writer.bytes).write(to: URL(fileURLWithPath: path))
    }

    /// A value in its unit, readably: times via `Measure.format`, bytes in MB, rates in GB/s.
    public static func format(_ value: Double, _ unit: String) -> String {
        switch unit {
        case "s": return Measure.format(value)
        case "s/node": return String(format: "%.1f ns/node", value * 1e9)
        case "B": return String(format: "%.1f MB", value / 1e6)
        case "B/s": return String(format: "%.2f GB/s", value / 1e9)
        case "×": return String(format: "×%.2f", value)
        default: return String(format: "%.3g %@", value, unit)
        }
    }
}
