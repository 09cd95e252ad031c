import JSON
import JSONRPC
import LayoutKit

/// Typed reads of a request's `params`, failing with -32602 and the offending field's path
/// ("params.rect.width: expected a number, got a string").
package struct Params: Sendable {
    package let value: JSONValue
    /// Where `value` is, for messages: "params", "params.rect", …
    package let path: String

    package init(_ value: JSONValue, path: String = "params") {
        self.value = value
        self.path = path
    }

    package func has(_ key: String) -> Bool { value[key] != nil }

    package func string(_ key: String) throws(RPCError) -> String {
        guard case .string(let string) = try field(key) else { throw mismatch(key, "a string") }
        return string
    }

    package func bool(_ key: String) throws(RPCError) -> Bool {
        guard case .bool(let flag) = try field(key) else { throw mismatch(key, "true or false") }
        return flag
    }

    package func optionalString(_ key: String) throws(RPCError) -> String? {
        has(key) ? try string(key) : nil
    }

    /// A whole number in `range` (an index), converted only after it is checked.
    package func integer(_ key: String, in range: ClosedRange<Int> = 0...Int(Int32.max)) throws(RPCError) -> Int {
        let rule = NumberRule.whole(range)
        let number = try number(key, rule: rule)
        guard let integer = rule.integer(number) else {
            throw .invalidParams("\(path).\(key): expected \(rule.expectation), got \(number.compactDescription)")
        }
        return integer
    }

    /// Any finite rectangle with sizes not negative: a query's rect, which may reach past
    /// every frame (a query for "everything").
    package static let queryRule = NumberRule(
        minimum: .atLeast(-Double.greatestFiniteMagnitude), maximum: .greatestFiniteMagnitude)

    /// `{x, y, width, height}`: coordinates by `coordinates`, sizes not negative and by the
    /// same limit. Bounds use the default (±1e15, the layouts' limit); a query rect any finite number.
    package func rect(_ key: String, coordinates: NumberRule = .coordinate) throws(RPCError) -> Rect {
        let nested = try object(key)
        var sizes = coordinates
        sizes.minimum = .atLeast(0)
        return Rect(
            x: try nested.number("x", rule: coordinates), y: try nested.number("y", rule: coordinates),
            width: try nested.number("width", rule: sizes), height: try nested.number("height", rule: sizes))
    }

    /// `{x, y}`: coordinates within ±1e15.
    package func point(_ key: String) throws(RPCError) -> Point {
        let nested = try object(key)
        return Point(x: try nested.number("x", rule: .coordinate), y: try nested.number("y", rule: .coordinate))
    }

    /// `{category, kind?, section, item}`.
    package func element(_ key: String) throws(RPCError) -> ElementID {
        let nested = try object(key)
        let name = try nested.string("category")
        guard let category = ElementCategory(name: name) else {
            throw .invalidParams(
                "\(nested.path).category: expected \"cell\", \"supplementary\" or \"decoration\", got \"\(name)\"")
        }
        let kind = try nested.optionalString("kind")
        if category != .cell && kind == nil {
            throw .invalidParams("\(nested.path).kind is missing (\(name) views need one)")
        }
        return ElementID(
            category: category, kind: category == .cell ? nil : kind,
            path: ItemPath(section: try nested.integer("section"), item: try nested.integer("item")))
    }

    package func object(_ key: String) throws(RPCError) -> Params {
        let field = try field(key)
        guard case .object = field else { throw mismatch(key, "an object") }
        return Params(field, path: "\(path).\(key)")
    }

    /// A number checked by `rule` (the rules every number from outside keeps: `NumberRule`).
    package func number(_ key: String, rule: NumberRule) throws(RPCError) -> Double {
        guard case .number(let number) = try field(key) else { throw mismatch(key, rule.expectation) }
        if let violation = rule.violation(number) { throw .invalidParams("\(path).\(key): \(violation)") }
        return number
    }

    private func field(_ key: String) throws(RPCError) -> JSONValue {
        guard let field = value[key] else { throw .invalidParams("\(path).\(key) is missing") }
        return field
    }

    private func mismatch(_ key: String, _ expected: String) -> RPCError {
        .invalidParams("\(path).\(key): expected \(expected), got \(value[key]?.kindDescription ?? "nothing")")
    }
}
