#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
}
