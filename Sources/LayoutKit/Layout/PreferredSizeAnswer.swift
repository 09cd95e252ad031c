/// What a layout makes of an element's preferred size (`Layout.preferredAttributes(_:for:)`,
/// ABI 2.1): the size the element will have, and how much the next prepare redoes.
public struct PreferredSizeAnswer: Equatable, Sendable {
    /// The element's size from the next prepare on (a waterfall keeps its column's width).
    public var size: Size
    /// `.items` when only some items move (the layout knows which), or `.everything`.
    public var invalidation: Invalidation

    public init(size: Size, invalidation: Invalidation = .items) {
        self.size = size
        self.invalidation = invalidation
    }
}
