import Foundation

/// A benchmark's command-line arguments, options taken out as they are read: what is left
/// are flags and names.
public struct BenchmarkArguments {
    public private(set) var remaining: [String]

    public init(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
        remaining = arguments
    }

    /// Removes `flag` and its value; nil when the flag is not there. A flag without a value
    /// is a usage error: it says so and exits with status 64.
    public mutating func value(of flag: String) -> String? {
        guard let index = remaining.firstIndex(of: flag) else { return nil }
        guard index + 1 < remaining.count else {
            print("error: \(flag) needs a value")
            exit(64)
        }
        defer { remaining.removeSubrange(index...(index + 1)) }
        return remaining[index + 1]
    }

    /// Removes `flag` and its value, a whole number above 0; nil when the flag is not there.
    /// Anything else is a usage error (status 64).
    public mutating func positiveNumber(of flag: String) -> Int? {
        guard let text = value(of: flag) else { return nil }
        guard let number = Int(text), number > 0 else {
            print("error: \(flag) needs a positive whole number, got '\(text)'")
            exit(64)
        }
        return number
    }

    /// Removes `--json`, `--record-baseline` and `--baseline` and their files. The baseline is
    /// read now, so that a bad file costs no benchmark: one that cannot be read exits with 2.
    public mutating func outputs() -> BenchmarkOutputs {
        var outputs = BenchmarkOutputs(json: value(of: "--json"), record: value(of: "--record-baseline"))
        if let path = value(of: "--baseline") {
            do {
                outputs.baseline = (path, try Baseline(contentsOf: path))
            } catch {
                print("error: \(error)")
                exit(2)
            }
        }
        return outputs
    }
}

/// Where a benchmark's figures go at its end (`Report.finish`).
public struct BenchmarkOutputs {
    /// `--json FILE`: every figure and target.
    public var json: String?
    /// `--record-baseline FILE`: the guarded figures recorded.
    public var record: String?
    /// `--baseline FILE`, read: the guarded figures compared with it.
    public var baseline: (file: String, baseline: Baseline)?
}
