import JSON
import LayoutKit

/// A tool's `arguments`, checked as strictly as `serve` checks params: an object holding only
/// the names the tool takes and every one it needs, each of the right type.
struct Arguments {
    let value: JSONValue
    /// Where `value` is, for messages: "arguments", "arguments.rect".
    let path: String

    init(_ value: JSONValue, allowed: [String], required: [String], path: String = "arguments") throws(ToolError) {
        guard case .object(let members) = value else {
            throw ToolError("invalid arguments: \(path): expected an object, got \(value.kindDescription)")
        }
        for member in members where !allowed.contains(member.key) {
            let known = allowed.isEmpty ? "it takes nothing" : "it takes \(allowed.joined(separator: ", "))"
            throw ToolError("invalid arguments: \(path): unknown argument '\(member.key)'; \(known)")
        }
        for name in required where value[name] == nil {
            throw ToolError("invalid arguments: \(path).\(name) is missing")
        }
        self.value = value
        self.path = path
    }

    func has(_ name: String) -> Bool { value[name] != nil }

    subscript(name: String) -> JSONValue? { value[name] }

    func string(_ name: String) throws(ToolError) -> String {
        guard case .string(let string)? = value[name] else { throw mismatch(name, "a string") }
        return string
    }

    func optionalString(_ name: String) throws(ToolError) -> String? {
        has(name) ? try string(name) : nil
    }

    func bool(_ name: String, default fallback: Bool) throws(ToolError) -> Bool {
        guard has(name) else { return fallback }
        guard case .bool(let flag)? = value[name] else { throw mismatch(name, "true or false") }
        return flag
    }

    /// A whole number in `range`, converted only after it is checked.
    func integer(_ name: String, in range: ClosedRange<Int>, default fallback: Int) throws(ToolError) -> Int {
        guard has(name) else { return fallback }
        let rule = NumberRule.whole(range)
        guard case .number(let number)? = value[name], rule.violation(number) == nil, let integer = rule.integer(number)
        else {
            let got = value[name]?.numberValue?.compactDescription ?? value[name]?.kindDescription ?? "nothing"
            throw ToolError("invalid arguments: \(path).\(name): expected \(rule.expectation), got \(got)")
        }
        return integer
    }

    /// `{x, y, width, height}`: finite numbers within ±1e15 (the layouts' limit), sizes not negative.
    func rect(_ name: String) throws(ToolError) -> Rect? {
        guard let field = value[name] else { return nil }
        guard case .object = field else { throw mismatch(name, "an object {x, y, width, height}") }
        let nested = try Arguments(
            field, allowed: ["x", "y", "width", "height"], required: ["x", "y", "width", "height"],
            path: "\(path).\(name)")
        func number(_ key: String, rule: NumberRule) throws(ToolError) -> Double {
            guard case .number(let number)? = nested[key] else { throw nested.mismatch(key, rule.expectation) }
            if let violation = rule.violation(number) {
                throw ToolError("invalid arguments: \(nested.path).\(key): \(violation)")
            }
            return number
        }
        var size = NumberRule.coordinate
        size.minimum = .atLeast(0)
        return Rect(
            x: try number("x", rule: .coordinate), y: try number("y", rule: .coordinate),
            width: try number("width", rule: size), height: try number("height", rule: size))
    }

    private func mismatch(_ name: String, _ expected: String) -> ToolError {
        ToolError(
            "invalid arguments: \(path).\(name): expected \(expected), got \(value[name]?.kindDescription ?? "nothing")"
        )
    }
}
