/// The one set of rules every number from outside passes before it is used: from YAML
/// workspaces, JSON and CSV data files, layout options and JSON-RPC params.
///
/// A number is checked *before* any conversion: finite, inside the rule's range, and whole
/// where a count or an index is meant. Each reader puts the field's name in front of the
/// rule's message, so every violation reads the same way everywhere:
///
///     'generate.items': expected a whole number from 0 to 2000000, got 1e19
///     option 'step': expected a number greater than 0 and at most 1e15, got -1
///     params.rect.width: expected a number from 0 to 1e15, got -3
public struct NumberRule: Sendable, Equatable {
    /// The largest magnitude of any coordinate or size the workbench accepts or produces, in
    /// points. Beyond it sums of coordinates lose whole points, and far beyond it they
    /// overflow; a layout that would go further fails with a layout error instead.
    public static let coordinateLimit = 1e15

    /// Where the smallest allowed value lies.
    public enum Minimum: Sendable, Equatable {
        /// At least this value.
        case atLeast(Double)
        /// Strictly greater than this value.
        case greaterThan(Double)
    }

    public var minimum: Minimum
    /// The largest allowed value (inclusive).
    public var maximum: Double
    /// Whether the number must be whole (a count, an index, a seed).
    public var isWhole: Bool

    public init(minimum: Minimum, maximum: Double, isWhole: Bool = false) {
        self.minimum = minimum
        self.maximum = maximum
        self.isWhole = isWhole
    }

    /// Any coordinate: from −1e15 to 1e15.
    public static let coordinate = NumberRule(minimum: .atLeast(-coordinateLimit), maximum: coordinateLimit)
    /// A size or an inset: from 0 to 1e15.
    public static let nonNegative = NumberRule(minimum: .atLeast(0), maximum: coordinateLimit)
    /// A size that must not be empty: greater than 0, at most 1e15.
    public static let positive = NumberRule(minimum: .greaterThan(0), maximum: coordinateLimit)

    /// A whole number in `range` (a count, an index, a seed).
    public static func whole(_ range: ClosedRange<Int>) -> NumberRule {
        NumberRule(minimum: .atLeast(Double(range.lowerBound)), maximum: Double(range.upperBound), isWhole: true)
    }

    /// What the rule asks for, e.g. "a whole number from 0 to 100".
    public var expectation: String {
        let kind = isWhole ? "a whole number" : "a number"
        switch minimum {
        case .atLeast(let low) where low == -.greatestFiniteMagnitude && maximum == .greatestFiniteMagnitude:
            return "a finite number"
        case .atLeast(let low): return "\(kind) from \(Self.text(low)) to \(Self.text(maximum))"
        case .greaterThan(let low): return "\(kind) greater than \(Self.text(low)) and at most \(Self.text(maximum))"
        }
    }

    /// A bound as people write it: "100", "1e15", "-1e15".
    private static func text(_ bound: Double) -> String {
        if abs(bound) == coordinateLimit { return bound < 0 ? "-1e15" : "1e15" }
        return bound.compactDescription
    }

    /// Why `number` breaks the rule ("expected …, got …"), or nil when it keeps it.
    ///
    /// - Parameter written: the number as the user wrote it, for the message (default: the
    ///   value's shortest form).
    public func violation(_ number: Double, written: String? = nil) -> String? {
        let inRange: Bool
        switch minimum {
        case .atLeast(let low): inRange = number >= low
        case .greaterThan(let low): inRange = number > low
        }
        // NaN fails every comparison, so it lands here too.
        guard number.isFinite, inRange, number <= maximum, !isWhole || number == number.rounded() else {
            return "expected \(expectation), got \(written ?? number.compactDescription)"
        }
        return nil
    }

    /// `number` as an `Int`, when the rule (which must be whole and within `Int`'s range)
    /// allows it; nil otherwise. The conversion happens only after the check.
    public func integer(_ number: Double) -> Int? {
        guard isWhole, violation(number) == nil, let integer = Int(exactly: number) else { return nil }
        return integer
    }
}
