import Foundation

/// Timing and formatting helpers for the benchmarks.
public enum Measure {
    /// Seconds taken by `body`.
    public static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The median of `runs` timings of `body`, in seconds.
    public static func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs { times.append(try seconds(body)) }
        return times.sorted()[times.count / 2]
    }

    /// The shortest of `runs` timings of `body`, in seconds: the least disturbed by other
    /// work on a shared machine.
    public static func best(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs { best = min(best, try seconds(body)) }
        return best
    }

    /// The best times of `engine` and of `reference`, timed in turns (`rounds` of each), and
    /// their ratio `reference / engine`: how many times faster the engine is.
    ///
    /// Taken in turns, both see the same machine: a burst of other work on a shared machine
    /// slows whichever ran then, and the best of several rounds leaves it out; a ratio of two
    /// such bests moves far less between runs than either time.
    public static func speedup(rounds: Int, engine: () throws -> Void, reference: () throws -> Void) rethrows
        -> (engine: Double, reference: Double, speedup: Double)
    {
        var bestEngine = Double.infinity, bestReference = Double.infinity
        for _ in 0..<rounds {
            bestEngine = min(bestEngine, try seconds(engine))
            bestReference = min(bestReference, try seconds(reference))
        }
        return (bestEngine, bestReference, bestReference / max(bestEngine, 1e-12))
    }

    /// The value at `fraction` (0…1) of `sorted`, nearest rank below.
    public static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    /// "12.3 ms", "4.56 µs": a duration in the unit that suits it.
    public static func format(_ seconds: Double) -> String {
        switch seconds {
        case 1...: return String(format: "%.2f s", seconds)
        case 1e-3...: return String(format: "%.2f ms", seconds * 1e3)
        case 1e-6...: return String(format: "%.2f µs", seconds * 1e6)
        default: return String(format: "%.0f ns", seconds * 1e9)
        }
    }

    /// "×12.3": how many times faster the engine is.
    public static func ratio(reference: Double, engine: Double) -> String {
        String(format: "×%.1f", reference / max(engine, 1e-12))
    }
}

/// A failed check: the engine and the reference disagree.
public struct Mismatch: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}

/// Prints `cells` padded to `widths`, two spaces apart.
public func printRow(_ cells: [String], widths: [Int]) {
    print(zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  "))
}
