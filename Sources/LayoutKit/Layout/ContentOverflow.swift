/// The axes along which a layout's elements may lie beyond its content rect (ABI 2.3).
///
/// UIKit's own layouts do this on purpose: an orthogonal section of a compositional layout runs
/// past the collection view's width, a badge pokes out of its cell, a flow layout's item wider
/// than the line overflows it. `workbench check` judges its `inside-content` invariant only along
/// the axes a layout does not declare here.
public struct ContentOverflow: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Frames may start before x = 0 or end after the content's width.
    public static let horizontal = ContentOverflow(rawValue: 1 << 0)
    /// Frames may start before y = 0 or end below the content's height.
    public static let vertical = ContentOverflow(rawValue: 1 << 1)
}

/// The most elements a layout makes per item and per section of its data (ABI 2.3), for layouts
/// whose options decide it (a compositional layout's badges, boundary items and backgrounds):
/// the host refuses data that would make more than its limit before anything is allocated.
public struct ElementBudget: Hashable, Sendable {
    public var perItem: Int
    public var perSection: Int

    public init(perItem: Int, perSection: Int) {
        self.perItem = perItem
        self.perSection = perSection
    }

    /// What the host assumes of a layout that declares nothing: a cell and one more view per
    /// item, two views per section (every layout shipped before ABI 2.3).
    public static let `default` = ElementBudget(perItem: 2, perSection: 2)
}
