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

    /// Where a number may lie.
    public enum Bound: Sendable {
        case any, nonNegative, positive
    }

    /// A finite number, or `default` when absent.
    public mutating func number(_ key: String, default defaultValue: Double, minimum: Bound = .any) throws(LayoutError) -> Double {
        readKeys.insert(key)
        guard let value = values[key] else { return defaultValue }
        return try Self.number(value, field: key, minimum: minimum)
    }

    /// A whole number, or `default` when absent.
    public mutating func integer(_ key: String, default defaultValue: Int, minimum: Int = Int.min) throws(LayoutError) -> Int {
        let number = try self.number(key, default: Double(defaultValue))
        guard number == number.rounded(), number >= Double(minimum), number <= 1e15 else {
            throw .option(field: key, message: "expected a whole number of at least \(minimum), got \(number.compactDescription)")
        }
        return Int(number)
    }

    /// `{width, height}` with both positive, or `default` when absent.
    public mutating func size(_ key: String, default defaultValue: Size) throws(LayoutError) -> Size {
        readKeys.insert(key)
        guard let value = values[key] else { return defaultValue }
        let fields = try Self.fields(of: value, key: key, allowed: ["width", "height"], required: true)
        return Size(width: try Self.number(fields["width"]!, field: "\(key).width", minimum: .positive),
                    height: try Self.number(fields["height"]!, field: "\(key).height", minimum: .positive))
    }

    /// `{top, left, bottom, right}`, each non-negative, missing edges from `default`;
    /// a single number sets all four.
    public mutating func insets(_ key: String, default defaultValue: EdgeInsets) throws(LayoutError) -> EdgeInsets {
        readKeys.insert(key)
        guard let value = values[key] else { return defaultValue }
        if case .number = value {
            return EdgeInsets(all: try Self.number(value, field: key, minimum: .nonNegative))
        }
        let fields = try Self.fields(of: value, key: key, allowed: ["top", "left", "bottom", "right"], required: false)
        func edge(_ name: String, _ fallback: Double) throws(LayoutError) -> Double {
            guard let value = fields[name] else { return fallback }
            return try Self.number(value, field: "\(key).\(name)", minimum: .nonNegative)
        }
        return EdgeInsets(top: try edge("top", defaultValue.top), left: try edge("left", defaultValue.left),
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
            throw .option(field: key, message: "unknown option\(Suggestion.phrase(for: key, in: readKeys)); "
                + (known.isEmpty ? "this layout takes no options" : "known options: \(known)"))
        }
    }

    private static func number(_ value: Value, field: String, minimum: Bound) throws(LayoutError) -> Double {
        guard case .number(let number) = value else {
            throw .option(field: field, message: "expected a number, got \(value.kindDescription)")
        }
        guard number.isFinite else { throw .option(field: field, message: "expected a finite number, got \(number.compactDescription)") }
        switch minimum {
        case .any: break
        case .nonNegative where number < 0:
            throw .option(field: field, message: "expected a number of at least 0, got \(number.compactDescription)")
        case .positive where number <= 0:
            throw .option(field: field, message: "expected a number greater than 0, got \(number.compactDescription)")
        default: break
        }
        return number
    }

    private static func fields(of value: Value, key: String, allowed: [String], required: Bool) throws(LayoutError) -> [String: Value] {
        guard case .map(let fields) = value else {
            throw .option(field: key, message: "expected a map with \(allowed.joined(separator: ", ")), got \(value.kindDescription)")
        }
        for name in fields.keys.sorted() where !allowed.contains(name) {
            throw .option(field: "\(key).\(name)", message: "unknown field\(Suggestion.phrase(for: name, in: allowed)); expected \(allowed.joined(separator: ", "))")
        }
        if required, let missing = allowed.first(where: { fields[$0] == nil }) {
            throw .option(field: "\(key).\(missing)", message: "missing")
        }
        return fields
    }
}
