/// Reads a layout's options (a map of values) with defaults and validation, and rejects
/// the keys nobody asked for.
///
///     var options = Options(values)
///     let step = try options.number("step", default: 5, minimum: .positive)
///     try options.rejectUnknownKeys()
public struct Options: Sendable {
    public let values: [String: Value]
    private var readKeys: Set<String> = []

    public init(_ values: [String: Value] = [:]) {
        self.values = values
    }

    /// Where a number may lie; every bound also keeps it within ±`NumberRule.coordinateLimit`.
    public enum Bound: Sendable {
        case any, nonNegative, positive

        var rule: NumberRule {
            switch self {
            case .any: return .coordinate
            case .nonNegative: return .nonNegative
            case .positive: return .positive
            }
        }
    }

    /// A finite number within ±1e15 (and `minimum`), or `default` when absent.
    public mutating func number(_ key: String, default defaultValue: Double, minimum: Bound = .any) throws(LayoutError)
        -> Double
    {
        readKeys.insert(key)
        guard let value = values[key] else { return defaultValue }
        return try Self.number(value, field: key, rule: minimum.rule)
    }

    /// A whole number in `range`, or `default` when absent.
    public mutating func integer(_ key: String, default defaultValue: Int, in range: ClosedRange<Int>)
        throws(LayoutError) -> Int
    {
        readKeys.insert(key)
        guard let value = values[key] else { return defaultValue }
        let rule = NumberRule.whole(range)
        let number = try Self.number(value, field: key, rule: rule)
        guard let integer = rule.integer(number) else {
            throw .option(field: key, message: "expected \(rule.expectation), got \(number.compactDescription)")
        }
        return integer
    }

    /// `{width, height}` with both positive, or `default` when absent.
    public mutating func size(_ key: String, default defaultValue: Size) throws(LayoutError) -> Size {
        readKeys.insert(key)
        guard let value = values[key] else { return defaultValue }
        let fields = try Self.fields(of: value, key: key, allowed: ["width", "height"], required: true)
        func side(_ name: String) throws(LayoutError) -> Double {
            guard let value = fields[name] else { throw .option(field: "\(key).\(name)", message: "missing") }
            return try Self.number(value, field: "\(key).\(name)", rule: .positive)
        }
        return Size(width: try side("width"), height: try side("height"))
    }

    /// `{top, left, bottom, right}`, each non-negative, missing edges from `default`;
    /// a single number sets all four.
    public mutating func insets(_ key: String, default defaultValue: EdgeInsets) throws(LayoutError) -> EdgeInsets {
        readKeys.insert(key)
        guard let value = values[key] else { return defaultValue }
        if case .number = value {
            return EdgeInsets(all: try Self.number(value, field: key, rule: .nonNegative))
        }
        let fields = try Self.fields(of: value, key: key, allowed: ["top", "left", "bottom", "right"], required: false)
        func edge(_ name: String, _ fallback: Double) throws(LayoutError) -> Double {
            guard let value = fields[name] else { return fallback }
            return try Self.number(value, field: "\(key).\(name)", rule: .nonNegative)
        }
        return EdgeInsets(
            top: try edge("top", defaultValue.top), left: try edge("left", defaultValue.left),
            bottom: try edge("bottom", defaultValue.bottom), right: try edge("right", defaultValue.right))
    }

    /// A string, or `default` when absent.
    public mutating func string(_ key: String, default defaultValue: String?) throws(LayoutError) -> String? {
        readKeys.insert(key)
        guard let value = values[key] else { return defaultValue }
        guard case .string(let string) = value else {
            throw .option(field: key, message: "expected a string, got \(value.kindDescription)")
        }
        return string
    }

    /// Throws for the first key (alphabetically) that no accessor asked for.
    public func rejectUnknownKeys() throws(LayoutError) {
        for key in values.keys.sorted() where !readKeys.contains(key) {
            let known = readKeys.sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw .option(
                field: key,
                message: "unknown option\(Suggestion.phrase(for: key, in: readKeys)); "
                    + (known.isEmpty ? "this layout takes no options" : "known options: \(known)"))
        }
    }

    /// The number in `value`, checked by `rule`.
    private static func number(_ value: Value, field: String, rule: NumberRule) throws(LayoutError) -> Double {
        guard case .number(let number) = value else {
            throw .option(field: field, message: "expected \(rule.expectation), got \(value.kindDescription)")
        }
        if let violation = rule.violation(number) { throw .option(field: field, message: violation) }
        return number
    }

    private static func fields(of value: Value, key: String, allowed: [String], required: Bool) throws(LayoutError)
        -> [String: Value]
    {
        guard case .map(let fields) = value else {
            throw .option(
                field: key,
                message: "expected a map with \(allowed.joined(separator: ", ")), got \(value.kindDescription)")
        }
        for name in fields.keys.sorted() where !allowed.contains(name) {
            throw .option(
                field: "\(key).\(name)",
                message:
                    "unknown field\(Suggestion.phrase(for: name, in: allowed)); expected \(allowed.joined(separator: ", "))"
            )
        }
        if required, let missing = allowed.first(where: { fields[$0] == nil }) {
            throw .option(field: "\(key).\(missing)", message: "missing")
        }
        return fields
    }
}
