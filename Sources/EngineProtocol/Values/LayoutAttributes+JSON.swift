import JSON
import LayoutKit

extension LayoutAttributes {
    /// Attributes as the engine writes them (`{category, kind?, section, item, frame, zIndex,
    /// alpha, hidden, …extra}`); nil for anything else.
    public init?(json: JSONValue) {
        guard case .object(let members) = json, let categoryName = json["category"]?.stringValue,
            let category = ElementCategory(name: categoryName),
            let section = json["section"]?.numberValue.flatMap({ Int(exactly: $0) }),
            let item = json["item"]?.numberValue.flatMap({ Int(exactly: $0) }),
            let frame = json["frame"], let x = frame["x"]?.numberValue, let y = frame["y"]?.numberValue,
            let width = frame["width"]?.numberValue, let height = frame["height"]?.numberValue
        else { return nil }
        let canonical: Set = ["category", "kind", "section", "item", "frame", "zIndex", "alpha", "hidden"]
        var extra: [String: Value] = [:]
        for member in members where !canonical.contains(member.key) { extra[member.key] = Value(json: member.value) }
        self.init(
            element: ElementID(
                category: category, kind: json["kind"]?.stringValue, path: ItemPath(section: section, item: item)),
            frame: Rect(x: x, y: y, width: width, height: height),
            zIndex: json["zIndex"]?.numberValue.flatMap { Int(exactly: $0) } ?? 0,
            alpha: json["alpha"]?.numberValue ?? 1, isHidden: json["hidden"] == .bool(true), extra: extra)
    }
}

extension Value {
    /// A JSON value as a data value.
    init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .string(let string): self = .string(string)
        case .array(let elements): self = .list(elements.map(Value.init(json:)))
        case .object(let members):
            self = .map(
                Dictionary(members.map { ($0.key, Value(json: $0.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
