import LayoutKit

/// A section's group laid out once at origin (0, 0) (§3.3): its leaves' frames in item order,
/// their badges, and the extents every query prunes with.
struct GroupTemplate: Sendable {
    /// The group's resolved size `(gw, gh)`.
    var size: Size
    /// Leaf k's frame, relative to the group's origin.
    var leaves: [Rect] = []
    /// Leaf k's badges are `badges[badgeStarts[k] ..< badgeStarts[k + 1]]`.
    var badgeStarts: [Int] = [0]
    var badges: [BadgePlacement] = []
    /// `prefixExtents[k]`: the extent of leaves 0…k and their badges.
    var prefixExtents: [Extent] = []

    /// N, the number of leaves (at least 1 once solved).
    var leafCount: Int { leaves.count }

    /// The extent of every leaf and badge.
    var extent: Extent { prefixExtents.last ?? .empty }

    /// The extent of the first `count` leaves (1…N) and their badges.
    func extent(ofFirst count: Int) -> Extent {
        prefixExtents[Swift.min(count, leafCount) - 1]
    }

    /// How many badges the first `count` leaves (0…N) have.
    func badgeCount(ofFirst count: Int) -> Int {
        badgeStarts[Swift.min(count, leafCount)]
    }

    /// Appends a leaf and its badges.
    mutating func append(leaf frame: Rect, badges leafBadges: [BadgePlacement]) {
        var extent = prefixExtents.last ?? .empty
        extent.add(frame)
        for badge in leafBadges { extent.add(badge.frame(inCell: frame)) }
        leaves.append(frame)
        badges.append(contentsOf: leafBadges)
        badgeStarts.append(badges.count)
        prefixExtents.append(extent)
    }
}
