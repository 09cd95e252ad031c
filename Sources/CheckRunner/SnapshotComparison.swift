import JSON
import LayoutKit

/// The differences between a recorded snapshot and a view's layout now, both in the JSON of
/// `workbench run --output`: content size, elements missing or added, and changed fields.
enum SnapshotComparison {
    /// One difference, phrased as `<element>: <detail>`.
    struct Difference: Equatable {
        var element: String
        var detail: String
    }

    /// The differences, in element order (recorded first); empty when they match.
    ///
    /// - Throws: the parser's error when the recorded file is not JSON.
    static func differences(recorded: [UInt8], now: [UInt8]) throws(JSONParser.Error) -> [Difference] {
        if recorded == now { return [] }
        let then = try JSONParser.parse(recorded[...]), current = try JSONParser.parse(now[...])
        var result: [Difference] = []
        for field in ["width", "height"] where then["contentSize"]?[field] != current["contentSize"]?[field] {
            result.append(
                Difference(
                    element: "layout",
                    detail:
                        "contentSize.\(field): recorded \(text(then["contentSize"]?[field])), now \(text(current["contentSize"]?[field]))"
                ))
        }
        let before = elements(then), after = elements(current)
        let afterByName = Dictionary(after.map { ($0.name, $0.fields) }, uniquingKeysWith: { first, _ in first })
        let beforeNames = Set(before.map(\.name))
        for (name, fields) in before {
            guard let now = afterByName[name] else {
                result.append(Difference(element: name, detail: "recorded at \(frame(fields)), now missing"))
                continue
            }
            for key in Set(fields.keys).union(now.keys).sorted() where fields[key] != now[key] {
                result.append(
                    Difference(element: name, detail: "\(key): recorded \(text(fields[key])), now \(text(now[key]))"))
            }
        }
        for (name, fields) in after where !beforeNames.contains(name) {
            result.append(Difference(element: name, detail: "not recorded, now at \(frame(fields))"))
        }
        if result.isEmpty, then != current {
            result.append(
                Difference(
                    element: "layout", detail: "the files differ outside the elements (workspace, view or layout name)")
            )
        }
        return result
    }

    /// Each element's name (`cell [0, 2]`) and its fields flattened (`frame.x`), in file order.
    private static func elements(_ document: JSONValue) -> [(name: String, fields: [String: JSONValue])] {
        guard case .array(let list)? = document["elements"] else { return [] }
        return list.map { element in
            var fields: [String: JSONValue] = [:]
            if case .object(let members) = element {
                for (key, value) in members where !["category", "kind", "section", "item"].contains(key) {
                    if case .object(let inner) = value, key == "frame" {
                        for (name, number) in inner { fields["frame.\(name)"] = number }
                    } else {
                        fields[key] = value
                    }
                }
            }
            return (name(of: element), fields)
        }
    }

    private static func name(of element: JSONValue) -> String {
        let category = element["category"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? "?"
        let kind = element["kind"].flatMap { if case .string(let s) = $0 { " \(s)" } else { nil } } ?? ""
        return "\(category)\(kind) [\(text(element["section"])), \(text(element["item"]))]"
    }

    private static func frame(_ fields: [String: JSONValue]) -> String {
        "(" + ["x", "y", "width", "height"].map { text(fields["frame.\($0)"]) }.joined(separator: ", ") + ")"
    }

    /// A JSON value as it would be written, compactly.
    static func text(_ value: JSONValue?) -> String {
        switch value {
        case nil: return "absent"
        case .null?: return "null"
        case .bool(let flag)?: return flag ? "true" : "false"
        case .number(let number)?: return number.compactDescription
        case .string(let string)?: return "\"\(string)\""
        case .array(let list)?: return "[" + list.map { text($0) }.joined(separator: ", ") + "]"
        case .object(let members)?:
            return "{" + members.map { "\($0.key): \(text($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}
