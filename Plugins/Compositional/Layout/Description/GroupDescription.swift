/// A group (`NSCollectionLayoutGroup.horizontal` or `.vertical`): children along its axis.
struct GroupDescription: Equatable, Sendable {
    /// The axis children are placed along, whatever the scroll direction.
    enum Axis: String, Equatable, Sendable {
        case horizontal
        case vertical
    }

    /// How the children are made.
    enum Arrangement: Equatable, Sendable {
        /// The list, cycled while the next child fits (`subitems:`).
        case subitems([Subitem])
        /// `count` copies resized to share the group's length (`subitem:count:`, iOS 13).
        case subitem(Subitem, count: Int)
        /// `count` copies at their own size, which must fit (`repeatingSubitem:count:`, iOS 16).
        case repeatingSubitem(Subitem, count: Int)
    }

    var axis: Axis
    var size: LayoutSize
    var arrangement: Arrangement
    var interItemSpacing = Spacing.zero
    var contentInsets = DirectionalInsets.zero
    var edgeSpacing = EdgeSpacing.zero
    /// The group's option path, `sections[0].group.horizontal…`, for layout errors.
    var path: String
}
