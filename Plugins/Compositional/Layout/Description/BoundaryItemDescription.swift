/// A header or footer (`NSCollectionLayoutBoundarySupplementaryItem`).
struct BoundaryItemDescription: Equatable, Sendable {
    /// Which boundary of the section, along the main axis.
    enum Boundary: Equatable, Sendable {
        case leading
        case trailing
    }

    /// Where across the section: at its leading side, its trailing side, or centred.
    enum CrossPlacement: Equatable, Sendable {
        case leading
        case center
        case trailing
    }

    var kind: String
    var size: LayoutSize
    var boundary: Boundary
    var crossPlacement: CrossPlacement
    var pinsToVisibleBounds = false
    var extendsBoundary = true
    var offsetX = 0.0
    var offsetY = 0.0
    var zIndex = 1
}
