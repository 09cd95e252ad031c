/// A width and a height dimension (`NSCollectionLayoutSize`).
struct LayoutSize: Equatable, Sendable {
    var width: Dimension
    var height: Dimension

    /// Both sides in a container whose content is `width × height`. O(1).
    func resolved(width containerWidth: Double, height containerHeight: Double) -> (width: Double, height: Double) {
        (
            width.resolved(width: containerWidth, height: containerHeight),
            height.resolved(width: containerWidth, height: containerHeight)
        )
    }
}
