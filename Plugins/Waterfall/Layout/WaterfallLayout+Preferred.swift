import LayoutKit

extension WaterfallLayout {
    /// A cell measured itself: it keeps its column's width and takes the preferred height.
    /// Only the items from it on move, and the next prepare re-places only those (O(1) here,
    /// nothing at all for a height the item already has). Supplementary views keep their
    /// size (nil).
    public func preferredAttributes(_ preferred: Size, for element: ElementID) -> PreferredSizeAnswer? {
        let path = element.path
        guard element.category == .cell, path.section >= 0, path.item >= 0,
            preferred.height.isFinite, preferred.height >= 0, preferred.height <= NumberRule.coordinateLimit
        else { return nil }
        // Prepared for this data: the item must exist; before the first prepare, held until it.
        if preparedWidth != nil, !needsData || keptPrefix > 0 {
            guard path.section < sectionTops.count,
                path.item < sectionStarts[path.section + 1] - sectionStarts[path.section]
            else {
                return needsData ? remember(preferred.height, for: path) : nil
            }
            let global = sectionStarts[path.section] + path.item
            if global < (needsData ? min(keptPrefix, heights.count) : heights.count),
                heights[global] != preferred.height
            {
                heights[global] = preferred.height
                firstChanged = min(firstChanged ?? global, global)
            }
        }
        return remember(preferred.height, for: path)
    }

    private func remember(_ height: Double, for path: ItemPath) -> PreferredSizeAnswer {
        preferredHeights[path] = height
        return PreferredSizeAnswer(size: Size(width: columnWidth, height: height), invalidation: .items)
    }
}
