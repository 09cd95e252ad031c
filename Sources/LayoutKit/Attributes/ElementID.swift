/// The three kinds of view a layout places.
public enum ElementCategory: Int, Hashable, Comparable, Sendable, CaseIterable, Codable {
    case cell = 0
    case supplementary = 1
    case decoration = 2

    /// The name used in JSON and workspaces: "cell", "supplementary", "decoration".
    public var name: String {
        switch self {
        case .cell: return "cell"
        case .supplementary: return "supplementary"
        case .decoration: return "decoration"
        }
    }

    public init?(name: String) {
        guard let category = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = category
    }

    public static func < (lhs: ElementCategory, rhs: ElementCategory) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Which element: its category, its kind (nil for cells), and its index path.
///
/// Ordered canonically: cells, then supplementary, then decoration views; each by kind,
/// section, item. Every element list the workbench returns is in this order.
public struct ElementID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var category: ElementCategory
    public var kind: String?
    public var path: ItemPath

    public init(category: ElementCategory, kind: String?, path: ItemPath) {
        self.category = category
        self.kind = kind
        self.path = path
    }

    public static func cell(_ section: Int, _ item: Int) -> ElementID {
        ElementID(category: .cell, kind: nil, path: ItemPath(section: section, item: item))
    }

    public static func supplementary(_ kind: String, _ section: Int, _ item: Int) -> ElementID {
        ElementID(category: .supplementary, kind: kind, path: ItemPath(section: section, item: item))
    }

    public static func decoration(_ kind: String, _ section: Int, _ item: Int) -> ElementID {
        ElementID(category: .decoration, kind: kind, path: ItemPath(section: section, item: item))
    }

    public static func < (lhs: ElementID, rhs: ElementID) -> Bool {
        if lhs.category != rhs.category { return lhs.category < rhs.category }
        if lhs.kind != rhs.kind { return (lhs.kind ?? "") < (rhs.kind ?? "") }
        return lhs.path < rhs.path
    }

    public var description: String {
        "\(category.name)\(kind.map { " \($0)" } ?? "") \(path)"
    }
}
