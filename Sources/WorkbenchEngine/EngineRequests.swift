import JSON
import JSONRPC
import LayoutKit

/// `query {view, rect, labels}` as a typed request: the elements in `rect`.
public struct QueryRequest: EngineRequest {
    public static let method = "query"
    public var view: String
    public var rect: Rect
    /// Whether to answer each cell's label (its data item's name, title or value).
    public var labels: Bool

    public init(view: String, rect: Rect, labels: Bool = false) {
        self.view = view
        self.rect = rect
        self.labels = labels
    }

    public var params: JSONValue {
        .object([
            ("view", .string(view)),
            (
                "rect",
                .object([
                    ("x", .number(rect.x)), ("y", .number(rect.y)), ("width", .number(rect.width)),
                    ("height", .number(rect.height)),
                ])
            ),
            ("labels", .bool(labels)),
        ])
    }

    public static func response(from result: JSONValue) throws(RPCError) -> ElementsAnswer {
        guard case .array(let elements)? = result["elements"] else {
            throw .internalError("query answered no 'elements' array")
        }
        var attributes: [LayoutAttributes] = []
        attributes.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let decoded = LayoutAttributes(json: element) else {
                throw .internalError("query answered unreadable attributes at elements[\(index)]")
            }
            attributes.append(decoded)
        }
        let labels = result["labels"]?.arrayValue?.map(\.stringValue) ?? []
        return ElementsAnswer(elements: elements, attributes: attributes, labels: labels)
    }
}

/// The elements a `query` answered: as written (plugins' extra fields included), and read.
public struct ElementsAnswer: Sendable {
    /// Each element's attributes as the engine wrote them.
    public var elements: [JSONValue]
    /// The same, read back, extra fields as values.
    public var attributes: [LayoutAttributes]
    /// Each element's label when asked for (`QueryRequest.labels`): a cell's text, else nil.
    public var labels: [String?]
}

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
