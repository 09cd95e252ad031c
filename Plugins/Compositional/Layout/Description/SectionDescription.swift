/// A section (`NSCollectionLayoutSection`): its group, spacing, insets, sideways scrolling,
/// boundary items (headers, footers) and decoration items (backgrounds).
struct SectionDescription: Equatable, Sendable {
    /// `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
    enum OrthogonalScrolling: String, CaseIterable, Equatable, Sendable {
        case none
        case continuous
        case continuousGroupLeadingBoundary
        case paging
        case groupPaging
        case groupPagingCentered
    }

    var group: GroupDescription
    var interGroupSpacing = 0.0
    var contentInsets = DirectionalInsets.zero
    var orthogonalScrolling = OrthogonalScrolling.none
    var supplementariesFollowContentInsets = true
    var boundaryItems: [BoundaryItemDescription] = []
    var decorationItems: [DecorationItemDescription] = []
}
