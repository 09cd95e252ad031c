/// A scalar resolved by the YAML 1.2 core schema: null, boolean, number or string.
public enum ScalarValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
}

extension YAMLNode {
    /// The scalar's value under the core schema (quoted scalars and `!!str` are strings);
    /// nil for sequences and mappings.
    public var resolvedScalar: ScalarValue? {
        guard case .scalar(let scalar) = content else { return nil }
        switch tag {
        case "tag:yaml.org,2002:str": return .string(scalar.text)
        case "tag:yaml.org,2002:null": return .null
        default: break
        }
        guard scalar.isPlain else { return .string(scalar.text) }
        return ScalarValue(plain: scalar.text)
    }
}

extension ScalarValue {
    /// Resolves plain (unquoted) scalar text.
    init(plain text: String) {
        switch text {
        case "", "~", "null", "Null", "NULL": self = .null
        case "true", "True", "TRUE": self = .bool(true)
        case "false", "False", "FALSE": self = .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": self = .number(.infinity)
        case "-.inf", "-.Inf", "-.INF": self = .number(-.infinity)
        case ".nan", ".NaN", ".NAN": self = .number(.nan)
        default:
            self = ScalarValue.number(text).map { .number($0) } ?? .string(text)
        }
    }

    /// Core-schema integers (decimal, 0o octal, 0x hex) and floats; nil for anything else.
    private static func number(_ text: String) -> Double? {
        if text.hasPrefix("0x"), let value = Int(text.dropFirst(2), radix: 16) { return Double(value) }
        if text.hasPrefix("0o"), let value = Int(text.dropFirst(2), radix: 8) { return Double(value) }
        guard let first = text.unicodeScalars.first,
            first == "-" || first == "+" || first == "." || ("0"..."9").contains(first),
            text.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }),
            text.unicodeScalars.contains(where: { ("0"..."9").contains($0) })
        else { return nil }
        return Double(text)
    }
}
