/// Spacing around an item or a group (`NSCollectionLayoutEdgeSpacing`), each edge `fixed(0)` by default.
struct EdgeSpacing: Equatable, Sendable {
    var leading = Spacing.zero
    var top = Spacing.zero
    var trailing = Spacing.zero
    var bottom = Spacing.zero

    static let zero = EdgeSpacing()
}
