import Dispatch

/// Timing and reporting helpers for the benchmarks.
enum Measure {
    /// Seconds taken by `body`.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The median of `runs` timings of `body`, in seconds.
    static func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs { times.append(try seconds(body)) }
        return times.sorted()[times.count / 2]
    }

    /// The shortest of `runs` timings of `body`, in seconds: the least disturbed by other
    /// work on a shared machine.
    static func best(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs { best = min(best, try seconds(body)) }
        return best
    }

    /// "12.3 ms", "4.56 µs": a duration in the unit that suits it.
    static func format(_ seconds: Double) -> String {
        switch seconds {
        case 1...: return String(format: "%.2f s", seconds)
        case 1e-3...: return String(format: "%.2f ms", seconds * 1e3)
        case 1e-6...: return String(format: "%.2f µs", seconds * 1e6)
        default: return String(format: "%.0f ns", seconds * 1e9)
        }
    }

    /// "×12.3": how many times faster the engine is.
    static func ratio(reference: Double, engine: Double) -> String {
        String(format: "×%.1f", reference / max(engine, 1e-12))
    }
}

/// A failed check: the engine and the reference disagree.
struct Mismatch: Error, CustomStringConvertible {
    var description: String
}

func printRow(_ cells: [String], widths: [Int]) {
    print(zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  "))
}
