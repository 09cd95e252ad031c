/// A supplementary item anchored to its cell (`NSCollectionLayoutSupplementaryItem`): a badge.
struct BadgeDescription: Equatable, Sendable {
    /// Where the badge sits from its anchor edges: 0 at the leading (top) edge, 1 at the
    /// trailing (bottom) edge, 0.5 in the middle.
    struct Anchor: Equatable, Sendable {
        var x = 0.5
        var y = 0.5
    }

    /// The anchor's offset: absolute points, or fractions of the badge's own size.
    enum Offset: Equatable, Sendable {
        case absolute(x: Double, y: Double)
        case fractional(x: Double, y: Double)
    }

    var kind: String
    var size: LayoutSize
    var anchor: Anchor
    var offset: Offset
    var zIndex: Int
}
