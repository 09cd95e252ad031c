/// Content insets by direction (`NSDirectionalEdgeInsets`); leading is the left edge, the host
/// mirrors right-to-left views.
struct DirectionalInsets: Equatable, Sendable {
    var top = 0.0
    var leading = 0.0
    var bottom = 0.0
    var trailing = 0.0

    static let zero = DirectionalInsets()

    /// The insets that apply to something of `size`: those of an axis whose dimension is
    /// `estimated` are 0 (Apple's `contentInsets` note; groups as items, CHOICE C2). O(1).
    func effective(for size: LayoutSize) -> DirectionalInsets {
        var insets = self
        if size.width.isEstimated {
            insets.leading = 0
            insets.trailing = 0
        }
        if size.height.isEstimated {
            insets.top = 0
            insets.bottom = 0
        }
        return insets
    }
}
