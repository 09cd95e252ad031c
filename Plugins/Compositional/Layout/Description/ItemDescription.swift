/// An item (`NSCollectionLayoutItem`): a cell's size in its group, its content insets (applied
/// to its frame after placement), its edge spacing, and its badges.
struct ItemDescription: Equatable, Sendable {
    var size: LayoutSize
    var contentInsets = DirectionalInsets.zero
    var edgeSpacing = EdgeSpacing.zero
    var badges: [BadgeDescription] = []
}
