/// A data value as workspaces and JSON know it: an item of a data source, an option, or an
/// extra attributes field.
public enum Value: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case list([Value])
    case map([String: Value])
}

extension Value {
    public var number: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    public var string: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    public var list: [Value]? {
        if case .list(let list) = self { return list }
        return nil
    }

    public var map: [String: Value]? {
        if case .map(let map) = self { return map }
        return nil
    }

    /// The value of `key` in a map; nil for other values and missing keys.
    public subscript(key: String) -> Value? {
        map?[key]
    }

    /// A short name for the value's kind, for error messages.
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .list: return "a list"
        case .map: return "a map"
        }
    }
}

extension Value: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: Value...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .map(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}
