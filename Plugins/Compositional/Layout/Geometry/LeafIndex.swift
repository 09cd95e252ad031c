import LayoutKit

/// The leaves of a large template ordered along the main axis, so that a query visits only the
/// leaves of a group that can meet its rect: by binary search on their least main coordinates
/// and on the running greatest of their far ends (badges included).
///
/// Made in O(N log N) for templates of more than `threshold` leaves; smaller ones are scanned.
struct LeafIndex: Sendable {
    /// Templates of at most this many leaves are scanned whole.
    static let threshold = 32

    /// Leaf numbers by least main coordinate.
    private let order: [Int]
    /// `lows[p]`: the least main coordinate of leaf `order[p]` and its badges.
    private let lows: [Double]
    /// `reach[p]`: the greatest far end among leaves `order[0...p]` (non-decreasing).
    private let reach: [Double]

    init?(_ template: GroupTemplate, isVertical: Bool) {
        guard template.leafCount > Self.threshold else { return nil }
        var extents: [(low: Double, high: Double)] = []
        extents.reserveCapacity(template.leafCount)
        for (leaf, frame) in template.leaves.enumerated() {
            var extent = Extent()
            extent.add(frame)
            for badge in template.badges[template.badgeStarts[leaf]..<template.badgeStarts[leaf + 1]] {
                extent.add(badge.frame(inCell: frame))
            }
            let (low, high) = isVertical ? (extent.minY, extent.maxY) : (extent.minX, extent.maxX)
            // NaN (which fails the prepare anyway) must not upset the sort.
            extents.append((low.isNaN ? -.infinity : low, high.isNaN ? .infinity : high))
        }
        order = extents.indices.sorted { (extents[$0].low, $0) < (extents[$1].low, $1) }
        lows = order.map { extents[$0].low }
        var running = -Double.infinity
        reach = order.map { leaf in
            running = max(running, extents[leaf].high)
            return running
        }
    }

    /// Appends, in leaf order, the leaves below `count` whose main extent may meet `low ..< high`
    /// (template coordinates, already widened for rounding). O(log N + candidates · log candidates).
    func leaves(from low: Double, to high: Double, below count: Int, into result: inout [Int]) {
        let first = CompositionalLayout.partition(0..<order.count) { reach[$0] > low }
        let end = CompositionalLayout.partition(first..<order.count) { !(lows[$0] < high) }
        let start = result.count
        for position in first..<end where order[position] < count { result.append(order[position]) }
        result[start...].sort()
    }
}
