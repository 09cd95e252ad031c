import LayoutKit

/// Self-sizing (§10): while `estimatedItemSize` is set, a cell's preferred size replaces both
/// sides of its size; headers and footers keep their reference sizes.
extension FlowLayout {
    /// Takes a cell's preferred size while self-sizing (nil otherwise, and for headers,
    /// footers, sizes that are not finite and ≥ 0, and items the prepared data lacks). The
    /// next prepare lays out again only from the cell's line on (from the line before it); a
    /// size already held costs nothing. O(1).
    public func preferredAttributes(_ preferred: Size, for element: ElementID) -> PreferredSizeAnswer? {
        let path = element.path
        guard options.estimatedItemSize != nil, element.category == .cell, path.section >= 0, path.item >= 0,
            Self.isAllowed(preferred.width), Self.isAllowed(preferred.height)
        else { return nil }
        if preparedLineLength != nil, !needsData, geometry.metrics.hasRoom {
            guard path.section < geometry.sections.count, path.item < geometry.sections[path.section].itemCount
            else { return nil }
        }
        if preferredSizes[path] != preferred {
            preferredSizes[path] = preferred
            if !needsData { newlyPreferred.append(path) }
        }
        return PreferredSizeAnswer(size: preferred, invalidation: .items)
    }

    /// Puts the sizes taken since the last prepare in place and lays out again from the first
    /// item whose size changed (from the line before its own). O(items from there on).
    func takePreferredSizes(context: LayoutContext) throws(LayoutError) {
        guard geometry.metrics.hasRoom else { return }
        var first: ItemPath?
        for path in newlyPreferred {
            guard let size = preferredSizes[path], path.section < geometry.sections.count,
                path.item < geometry.sections[path.section].itemCount
            else { continue }
            // Self-sizing stores every item, in data order.
            let stored = geometry.firstItems[path.section] + path.item
            let main = geometry.metrics.main(of: size), cross = geometry.metrics.cross(of: size)
            guard geometry.lines.mains[stored] != main || geometry.lines.crosses[stored] != cross else { continue }
            geometry.lines.mains[stored] = main
            geometry.lines.crosses[stored] = cross
            first = Swift.min(first ?? path, path)
        }
        guard let first else { return }
        try geometry.layOut(
            afterChangeAt: geometry.firstItems[first.section] + first.item, inSection: first.section, context: context)
    }

    private static func isAllowed(_ side: Double) -> Bool {
        side >= 0 && side <= NumberRule.coordinateLimit
    }
}
