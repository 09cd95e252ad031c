import JSONRPC
import LayoutKit

/// A tool's `arguments`, checked as strictly as `serve` checks params: an object holding only
/// the names the tool takes and every one it needs, each of the right type.
struct Arguments {
    let value: JSONValue

    init(_ value: JSONValue, allowed: [String], required: [String]) throws(ToolError) {
        guard case .object(let members) = value else {
            throw ToolError("invalid arguments: expected an object, got \(value.kindDescription)")
        }
        for member in members where !allowed.contains(member.key) {
            let known = allowed.isEmpty ? "it takes no arguments" : "it takes \(allowed.joined(separator: ", "))"
            throw ToolError("invalid arguments: unknown argument '\(member.key)'; \(known)")
        }
        for name in required where value[name] == nil {
            throw ToolError("invalid arguments: arguments.\(name) is missing")
        }
        self.value = value
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
        guard case .number(let number)? = value[name], rule.violation(number) == nil, let integer = rule.integer(number) else {
            throw mismatch(name, rule.expectation)
        }
        return integer
    }

    /// `{x, y, width, height}` as the engine checked it (the engine gets the raw value first).
    func rect(_ name: String) throws(ToolError) -> Rect? {
        guard let field = value[name] else { return nil }
        guard let x = field["x"]?.numberValue, let y = field["y"]?.numberValue,
              let width = field["width"]?.numberValue, let height = field["height"]?.numberValue else {
            throw mismatch(name, "an object {x, y, width, height} of numbers")
        }
        let rect = Rect(x: x, y: y, width: width, height: height)
        guard [x, y, width, height].allSatisfy({ $0.isFinite && abs($0) <= 1e15 }), width >= 0, height >= 0 else {
            throw ToolError("invalid arguments: arguments.\(name): expected finite numbers within ±1e15 and sizes not negative, got \(rect)")
        }
        return rect
    }

    private func mismatch(_ name: String, _ expected: String) -> ToolError {
        ToolError("invalid arguments: arguments.\(name): expected \(expected), got \(value[name]?.kindDescription ?? "nothing")")
    }
}
