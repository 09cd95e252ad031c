import BatchUpdates
import JSON
import JSONRPC
import LayoutKit
import RequestParams

extension Params {
    package static let changeKinds = [
        "insert", "delete", "reload", "move", "insertSection", "deleteSection", "moveSection",
    ]

    /// `changes: [change…]`, each an object naming one kind of change (see `BatchChange`);
    /// a bad one is named by its place: "params.changes[2].move: …".
    package func changes(_ key: String) throws(RPCError) -> [BatchChange] {
        guard case .array(let elements) = value[key] ?? .null else {
            throw .invalidParams(
                "\(path).\(key): expected an array of changes, got \(value[key]?.kindDescription ?? "nothing")")
        }
        var changes: [BatchChange] = []
        for (index, element) in elements.enumerated() {
            changes.append(try Params(element, path: "\(path).\(key)[\(index)]").change())
        }
        return changes
    }

    /// One change: `{"insert": [s, i], "value": V}`, `{"delete": [s, i]}`, `{"reload": [s, i], "value": V}`,
    /// `{"move": [s, i], "to": [s, i]}`, `{"insertSection": s, "items": [V…]}` (a table's:
    /// `{"insertSection": s, "title": T, "values": [V…]}`), `{"deleteSection": s}`, `{"moveSection": s, "to": t}`.
    private func change() throws(RPCError) -> BatchChange {
        guard case .object(let members) = value else {
            throw .invalidParams("\(path): expected an object, got \(value.kindDescription)")
        }
        let kinds = members.map(\.key).filter { Self.changeKinds.contains($0) }
        guard kinds.count == 1, let kind = kinds.first else {
            throw .invalidParams(
                "\(path): expected exactly one of \(Self.changeKinds.joined(separator: ", "))"
                    + (kinds.isEmpty ? "" : "; got \(kinds.joined(separator: " and "))"))
        }
        let allowed: [String: Set<String>] = [
            "insert": ["value"], "delete": [], "reload": ["value"], "move": ["to"],
            "insertSection": ["items", "title", "values"], "deleteSection": [], "moveSection": ["to"],
        ]
        if let extra = members.map(\.key).first(where: { $0 != kind && !allowed[kind]!.contains($0) }) {
            throw .invalidParams(
                "\(path).\(extra): not part of a '\(kind)' change (it takes \(([kind] + allowed[kind]!.sorted()).joined(separator: ", ")))"
            )
        }
        switch kind {
        case "insert": return .insert(try itemPath(kind), value: try dataValue("value"))
        case "delete": return .delete(try itemPath(kind))
        case "reload": return .reload(try itemPath(kind), value: try dataValue("value"))
        case "move": return .move(try itemPath(kind), to: try itemPath("to"))
        case "deleteSection": return .deleteSection(try integer(kind))
        case "moveSection": return .moveSection(try integer(kind), to: try integer("to"))
        default:
            let section = try integer(kind)
            if has("values") || has("title") {
                if has("items") {
                    throw .invalidParams(
                        "\(path): give a table row's 'title' and 'values', or a section's 'items', not both")
                }
                return .insertSection(section, items: try dataList("values"), title: try string("title"))
            }
            return .insertSection(section, items: try dataList("items"), title: nil)
        }
    }

    /// `[section, item]`: two whole numbers.
    private func itemPath(_ key: String) throws(RPCError) -> ItemPath {
        guard case .array(let pair)? = value[key], pair.count == 2 else {
            throw .invalidParams(
                "\(path).\(key): expected [section, item], got \(value[key]?.kindDescription ?? "nothing")")
        }
        let numbers = Params(.object([("section", pair[0]), ("item", pair[1])]), path: "\(path).\(key)")
        return ItemPath(section: try numbers.integer("section"), item: try numbers.integer("item"))
    }

    private func dataList(_ key: String) throws(RPCError) -> [Value] {
        guard case .array(let elements)? = value[key] else {
            throw .invalidParams("\(path).\(key): expected an array, got \(value[key]?.kindDescription ?? "nothing")")
        }
        return elements.map(Self.dataValue)
    }

    private func dataValue(_ key: String) throws(RPCError) -> Value {
        guard let field = value[key] else { throw .invalidParams("\(path).\(key) is missing") }
        return Self.dataValue(field)
    }

    /// A JSON value as a data item (JSON numbers are always finite).
    package static func dataValue(_ json: JSONValue) -> Value {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let string): return .string(string)
        case .array(let elements): return .list(elements.map(dataValue))
        case .object(let members):
            return .map(
                Dictionary(members.map { ($0.key, dataValue($0.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
