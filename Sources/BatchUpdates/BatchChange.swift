import LayoutKit

/// One change of a batch update, with UICollectionView's rules for positions: `delete`,
/// `reload` and `deleteSection` name positions before the batch; `insert` and `insertSection`
/// name positions after it; `move` and `moveSection` go from before to after.
public enum BatchChange: Equatable, Sendable {
    case insert(ItemPath, value: Value)
    case delete(ItemPath)
    /// The item keeps its place but gets a new value; it disappears and appears.
    case reload(ItemPath, value: Value)
    case move(ItemPath, to: ItemPath)
    /// A new section of `items`; `title` is a table row's title (nil elsewhere).
    case insertSection(Int, items: [Value], title: String?)
    case deleteSection(Int)
    case moveSection(Int, to: Int)

    /// Whether the change adds, removes or reorders items or sections (all but `reload`).
    public var isStructural: Bool {
        if case .reload = self { return false }
        return true
    }
}

/// Why a batch was refused: the change at `index` (0-based), and what is wrong with it.
public struct BatchError: Error, Equatable, Sendable, CustomStringConvertible {
    public var index: Int
    public var message: String

    public init(index: Int, _ message: String) {
        self.index = index
        self.message = message
    }

    public var description: String { "changes[\(index)]: \(message)" }
}

/// What the batch may do to a source of a given shape.
public struct BatchRules: Sendable {
    /// Whether items and sections may be inserted, deleted or moved (trees: no).
    public var allowsStructuralChanges: Bool
    /// Every section must end with exactly this many items (a table's column count).
    public var itemsPerSection: Int?

    public init(allowsStructuralChanges: Bool = true, itemsPerSection: Int? = nil) {
        self.allowsStructuralChanges = allowsStructuralChanges
        self.itemsPerSection = itemsPerSection
    }
}
