/// A space between items or at an item's edge (`NSCollectionLayoutSpacing`): fixed, or a
/// minimum that grows to share the leftover length.
struct Spacing: Equatable, Sendable {
    /// The fixed amount, or the flexible minimum.
    var value: Double
    var isFlexible: Bool

    static let zero = Spacing(value: 0, isFlexible: false)
}
