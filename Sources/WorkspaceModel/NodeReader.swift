import LayoutKit
import SourceDiagnostics
import YAMLReader

/// Typed reads of YAML nodes that fail with a located, explanatory `Diagnostic`.
struct NodeReader {
    let file: SourceFile

    func error(_ message: String, at node: YAMLNode) -> Diagnostic {
        file.error(message, at: node.mark)
    }

    /// A mapping's entries by key, refusing keys outside `allowed` (with a suggestion).
    func mapping(_ node: YAMLNode, what: String, allowed: [String]) throws(Diagnostic) -> [String: YAMLPair] {
        guard let pairs = node.pairs else {
            throw error("\(what) must be a mapping, got \(node.kindDescription)", at: node)
        }
        var entries: [String: YAMLPair] = [:]
        for pair in pairs {
            guard let key = pair.key.scalarText else { throw error("\(what) keys must be plain names", at: pair.key) }
            guard allowed.contains(key) else {
                throw error(
                    "unknown key '\(key)' in \(what)\(Suggestion.phrase(for: key, in: allowed)); expected one of: \(allowed.joined(separator: ", "))",
                    at: pair.key)
            }
            entries[key] = pair
        }
        return entries
    }

    func string(_ node: YAMLNode, what: String) throws(Diagnostic) -> String {
        guard case .string(let string) = node.resolvedScalar else {
            throw error("\(what) must be a string, got \(node.kindDescription)", at: node)
        }
        return string
    }

    /// A scalar as text, numbers and booleans included (names, titles).
    func text(_ node: YAMLNode, what: String) throws(Diagnostic) -> String {
        guard let text = node.scalarText, node.resolvedScalar != .null else {
            throw error("\(what) must be a name or a number, got \(node.kindDescription)", at: node)
        }
        return text
    }

    func list(_ node: YAMLNode, what: String) throws(Diagnostic) -> [YAMLNode] {
        guard let elements = node.elements else {
            throw error("\(what) must be a list, got \(node.kindDescription)", at: node)
        }
        return elements
    }

    /// A number checked by `rule` (the rules every number from outside keeps: `NumberRule`),
    /// before any conversion.
    func number(_ node: YAMLNode, what: String, rule: NumberRule) throws(Diagnostic) -> Double {
        guard case .number(let number) = node.resolvedScalar else {
            throw error("\(what): expected \(rule.expectation), got \(node.kindDescription)", at: node)
        }
        if let violation = rule.violation(number, written: node.scalarText) {
            throw error("\(what): \(violation)", at: node)
        }
        return number
    }

    /// A whole number in `range`, converted only after it is checked.
    func integer(_ node: YAMLNode, what: String, in range: ClosedRange<Int>) throws(Diagnostic) -> Int {
        let rule = NumberRule.whole(range)
        guard let integer = rule.integer(try number(node, what: what, rule: rule)) else {
            throw error("\(what): expected \(rule.expectation), got \(node.scalarText ?? "")", at: node)
        }
        return integer
    }

    /// Any node as a `Value`; non-finite numbers and non-scalar keys are errors.
    func value(_ node: YAMLNode) throws(Diagnostic) -> Value {
        switch node.content {
        case .scalar:
            switch node.resolvedScalar ?? .null {
            case .null: return .null
            case .bool(let flag): return .bool(flag)
            case .string(let string): return .string(string)
            case .number(let number):
                guard number.isFinite else {
                    throw error("numbers must be finite, got \(node.scalarText ?? "")", at: node)
                }
                return .number(number)
            }
        case .sequence(let elements):
            var values: [Value] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try value(element)) }
            return .list(values)
        case .mapping(let pairs):
            var entries: [String: Value] = [:]
            for pair in pairs {
                guard let key = pair.key.scalarText else { throw error("map keys must be scalars", at: pair.key) }
                entries[key] = try value(pair.value)
            }
            return .map(entries)
        }
    }
}
