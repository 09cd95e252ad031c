import LayoutKit

/// The option forms `Options` has no accessor for (partial sizes, the estimate's "both or
/// neither", booleans), worded as `Options` words its own errors.
extension FlowOptions {
    /// `{width, height}`, each ≥ 0, a missing side 0 (`headerReferenceSize`,
    /// `footerReferenceSize`); zero when absent.
    static func referenceSize(_ values: [String: Value], _ key: String) throws(LayoutError) -> Size {
        guard let value = values[key] else { return .zero }
        let fields = try sizeFields(of: value, key: key)
        func side(_ name: String) throws(LayoutError) -> Double {
            guard let value = fields[name] else { return 0 }
            return try number(value, "\(key).\(name)")
        }
        return Size(width: try side("width"), height: try side("height"))
    }

    /// `{width, height}`, both present, both 0 (no self-sizing: nil) or both > 0.
    static func estimatedSize(_ values: [String: Value], _ key: String) throws(LayoutError) -> Size? {
        guard let value = values[key] else { return nil }
        let fields = try sizeFields(of: value, key: key)
        func side(_ name: String) throws(LayoutError) -> Double {
            guard let value = fields[name] else { throw .option(field: "\(key).\(name)", message: "missing") }
            return try number(value, "\(key).\(name)")
        }
        let size = Size(width: try side("width"), height: try side("height"))
        if size.width == 0, size.height == 0 { return nil }
        guard size.width > 0, size.height > 0 else {
            throw .option(
                field: key,
                message: "expected both sides 0 (no self-sizing) or both greater than 0, got "
                    + "\(size.width.compactDescription) × \(size.height.compactDescription)")
        }
        return size
    }

    /// `true` or `false`; false when absent.
    static func flag(_ values: [String: Value], _ key: String) throws(LayoutError) -> Bool {
        guard let value = values[key] else { return false }
        guard case .bool(let flag) = value else {
            throw .option(field: key, message: "expected true or false, got \(value.kindDescription)")
        }
        return flag
    }

    /// Throws for the first key (alphabetically) that is not an option, suggesting the
    /// closest name (as `Options.rejectUnknownKeys` words it).
    static func rejectUnknownKeys(_ values: [String: Value]) throws(LayoutError) {
        for key in values.keys.sorted() where !names.contains(key) {
            let known = names.sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw .option(
                field: key, message: "unknown option\(Suggestion.phrase(for: key, in: names)); known options: \(known)")
        }
    }

    /// The map's fields, refusing anything but `width` and `height`.
    private static func sizeFields(of value: Value, key: String) throws(LayoutError) -> [String: Value] {
        let allowed = ["width", "height"]
        guard case .map(let fields) = value else {
            throw .option(field: key, message: "expected a map with width, height, got \(value.kindDescription)")
        }
        for name in fields.keys.sorted() where !allowed.contains(name) {
            throw .option(
                field: "\(key).\(name)",
                message: "unknown field\(Suggestion.phrase(for: name, in: allowed)); expected width, height")
        }
        return fields
    }

    /// A number from 0 to 1e15 (`NumberRule.nonNegative`).
    private static func number(_ value: Value, _ field: String) throws(LayoutError) -> Double {
        let rule = NumberRule.nonNegative
        guard case .number(let number) = value else {
            throw .option(field: field, message: "expected \(rule.expectation), got \(value.kindDescription)")
        }
        if let violation = rule.violation(number) { throw .option(field: field, message: violation) }
        return number
    }
}
