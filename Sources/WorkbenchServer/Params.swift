import JSONRPC
import LayoutKit

/// Typed reads of a request's `params`, failing with -32602 and the offending field's path
/// ("params.rect.width: expected a number, got a string").
struct Params {
    let value: JSONValue
    /// Where `value` is, for messages: "params", "params.rect", …
    let path: String

    init(_ value: JSONValue, path: String = "params") {
        self.value = value
        self.path = path
    }

    func has(_ key: String) -> Bool { value[key] != nil }

    func string(_ key: String) throws(RPCError) -> String {
        guard case .string(let string) = try field(key) else { throw mismatch(key, "a string") }
        return string
    }

    func optionalString(_ key: String) throws(RPCError) -> String? {
        has(key) ? try string(key) : nil
    }

    func integer(_ key: String) throws(RPCError) -> Int {
        let number = try self.number(key)
        guard number == number.rounded(), abs(number) < 1e15 else {
            throw .invalidParams("\(path).\(key): expected a whole number, got \(number.compactDescription)")
        }
        return Int(number)
    }

    /// `{x, y, width, height}`: finite numbers, sizes not negative.
    func rect(_ key: String) throws(RPCError) -> Rect {
        let nested = try object(key)
        let rect = Rect(x: try nested.number("x"), y: try nested.number("y"),
                        width: try nested.number("width"), height: try nested.number("height"))
        for (name, size) in [("width", rect.width), ("height", rect.height)] where size < 0 {
            throw .invalidParams("\(nested.path).\(name): expected a number of at least 0, got \(size.compactDescription)")
        }
        return rect
    }

    /// `{x, y}`: finite numbers.
    func point(_ key: String) throws(RPCError) -> Point {
        let nested = try object(key)
        return Point(x: try nested.number("x"), y: try nested.number("y"))
    }

    /// `{category, kind?, section, item}`.
    func element(_ key: String) throws(RPCError) -> ElementID {
        let nested = try object(key)
        let name = try nested.string("category")
        guard let category = ElementCategory(name: name) else {
            throw .invalidParams("\(nested.path).category: expected \"cell\", \"supplementary\" or \"decoration\", got \"\(name)\"")
        }
        let kind = try nested.optionalString("kind")
        if category != .cell && kind == nil { throw .invalidParams("\(nested.path).kind is missing (\(name) views need one)") }
        return ElementID(category: category, kind: category == .cell ? nil : kind,
                         path: ItemPath(section: try nested.integer("section"), item: try nested.integer("item")))
    }

    func object(_ key: String) throws(RPCError) -> Params {
        let field = try field(key)
        guard case .object = field else { throw mismatch(key, "an object") }
        return Params(field, path: "\(path).\(key)")
    }

    private func number(_ key: String) throws(RPCError) -> Double {
        guard case .number(let number) = try field(key) else { throw mismatch(key, "a number") }
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
