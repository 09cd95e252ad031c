import LayoutKit

/// One map of the description with its path below `options`, read key by key: unknown keys
/// refused with a "did you mean", missing keys named, numbers checked by `NumberRule`.
///
/// Errors name the deepest key at fault (`….size.height.absolute`), or the map itself for a
/// missing or unknown key, with the key in the message (§2.3, §3.14).
struct OptionMap {
    /// The map's path (`sections[0].group.horizontal`); empty for the options themselves.
    let path: String
    let values: [String: Value]

    /// The map in `value`, which must be one.
    ///
    /// - Parameter what: what the map should be, for the error ("a size with width and height").
    init(_ value: Value, path: String, what: String) throws(LayoutError) {
        guard case .map(let values) = value else {
            throw .option(field: path, message: "expected \(what), got \(value.kindDescription)")
        }
        self.path = path
        self.values = values
    }

    /// The options themselves (their keys' paths are the keys).
    init(options values: [String: Value]) {
        path = ""
        self.values = values
    }

    /// The path of `key` in this map.
    func path(of key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// Where an error about the map's keys is reported: the map, or the key for the options themselves.
    private func field(for key: String) -> String {
        path.isEmpty ? key : path
    }

    /// Throws for the first key (in name order) not in `allowed`: at the map's path, naming the
    /// key; for the options themselves at the key, worded as every layout's (`Options`). O(keys · allowed).
    func rejectUnknownKeys(allowed: [String]) throws(LayoutError) {
        for key in values.keys.sorted() where !allowed.contains(key) {
            let suggestion = Suggestion.phrase(for: key, in: allowed)
            guard !path.isEmpty else {
                let known = allowed.sorted().map { "'\($0)'" }.joined(separator: ", ")
                throw .option(field: key, message: "unknown option\(suggestion); known options: \(known)")
            }
            throw .option(
                field: path,
                message: "unknown key '\(key)'\(suggestion); expected \(Self.list(allowed, conjunction: "and"))")
        }
    }

    /// The value of a required key.
    func required(_ key: String, _ what: String) throws(LayoutError) -> Value {
        guard let value = values[key] else {
            throw .option(field: field(for: key), message: "missing '\(key)': expected \(what)")
        }
        return value
    }

    /// The one key of `choices` present, for maps that hold exactly one of them.
    func oneOf(_ choices: [String]) throws(LayoutError) -> String {
        let present = choices.filter { values[$0] != nil }
        guard present.count == 1 else {
            let found = present.isEmpty ? "none" : Self.list(present, conjunction: "and")
            throw .option(
                field: path, message: "expected exactly one of \(Self.list(choices, conjunction: "or")), got \(found)")
        }
        return present[0]
    }

    /// The number under `key` checked by `rule`, or `default` when absent.
    func number(_ key: String, rule: NumberRule, default defaultValue: Double) throws(LayoutError) -> Double {
        guard let value = values[key] else { return defaultValue }
        return try Self.number(value, path: path(of: key), rule: rule)
    }

    /// The whole number under `key` checked by `rule`, or `default` when absent.
    func integer(_ key: String, rule: NumberRule, default defaultValue: Int) throws(LayoutError) -> Int {
        guard let value = values[key] else { return defaultValue }
        let number = try Self.number(value, path: path(of: key), rule: rule)
        guard let integer = rule.integer(number) else {
            throw .option(
                field: path(of: key), message: "expected \(rule.expectation), got \(number.compactDescription)")
        }
        return integer
    }

    /// The boolean under `key`, or `default` when absent.
    func bool(_ key: String, default defaultValue: Bool) throws(LayoutError) -> Bool {
        guard let value = values[key] else { return defaultValue }
        guard case .bool(let flag) = value else {
            throw .option(field: path(of: key), message: "expected true or false, got \(value.kindDescription)")
        }
        return flag
    }

    /// The name under `key`, one of `names`, or `default` when absent.
    func name(_ key: String, in names: [String], default defaultValue: String) throws(LayoutError) -> String {
        guard let value = values[key] else { return defaultValue }
        return try Self.name(value, path: path(of: key), in: names)
    }

    /// The number in `value`, checked by `rule`.
    static func number(_ value: Value, path: String, rule: NumberRule) throws(LayoutError) -> Double {
        guard case .number(let number) = value else {
            throw .option(field: path, message: "expected \(rule.expectation), got \(value.kindDescription)")
        }
        if let violation = rule.violation(number) { throw .option(field: path, message: violation) }
        return number
    }

    /// The string in `value`, one of `names`.
    static func name(_ value: Value, path: String, in names: [String]) throws(LayoutError) -> String {
        let expected = list(names.map { "'\($0)'" }, conjunction: "or")
        guard case .string(let name) = value else {
            throw .option(field: path, message: "expected \(expected), got \(value.kindDescription)")
        }
        guard names.contains(name) else {
            throw .option(
                field: path, message: "expected \(expected), got '\(name)'\(Suggestion.phrase(for: name, in: names))")
        }
        return name
    }

    /// "a, b or c".
    static func list(_ names: [String], conjunction: String) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " \(conjunction) " + names.last!
    }
}
