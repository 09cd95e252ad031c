import LayoutKit

/// A background over its section (§3.9): the section's frame less the decoration's insets.
struct DecorationPlacement: Sendable {
    var kindRank: Int
    var zIndex: Int
    var insets: DirectionalInsets

    /// The frame over `section`, whose cross extent is `crossExtent` (W or H). O(1).
    func frame(in section: SectionFrame, isVertical: Bool, crossExtent: Double) -> Rect {
        let length = section.end - section.start
        return isVertical
            ? Rect(
                x: 0 + insets.leading, y: section.start + insets.top,
                width: max(0, crossExtent - insets.leading - insets.trailing),
                height: max(0, length - insets.top - insets.bottom))
            : Rect(
                x: section.start + insets.leading, y: 0 + insets.top,
                width: max(0, length - insets.leading - insets.trailing),
                height: max(0, crossExtent - insets.top - insets.bottom))
    }
}
