import LayoutKit

/// Places the items of every section from one global item on: the waterfall's rules as a
/// loop over items, given their heights.
struct WaterfallPlacement {
    let metrics: WaterfallMetrics
    let columnWidth: Double
    let sectionStarts: [Int]
    let heights: [Double]

    /// What a placement computed: the frames of items `start...`, and every section's top
    /// and bottom.
    struct Result {
        var frames: [Rect]
        var tops: [Double]
        var bottoms: [Double]
    }

    /// Places items `start ..< n`. With `previous` (the layout as last prepared, whose
    /// sections and items before `start` are unchanged), the sections before `start`'s keep
    /// their tops and bottoms and its columns resume from the frames of its earlier items;
    /// without, everything is placed. O((n − start) · columns) plus O(sections).
    ///
    /// - Throws: `.cancelled` when the host cancels.
    func place(from start: Int, keeping previous: WaterfallLayout?, context: LayoutContext) throws(LayoutError) -> Result {
        let sectionCount = sectionStarts.count - 1
        // The first section not kept whole: kept ones end by `start` and ended there before.
        var first = 0
        if let previous {
            while first < sectionCount, sectionStarts[first + 1] <= start, first + 1 < previous.sectionStarts.count,
                  previous.sectionStarts[first + 1] == sectionStarts[first + 1] { first += 1 }
        }
        var result = Result(frames: [], tops: Array(previous?.sectionTops.prefix(first) ?? []),
                            bottoms: Array(previous?.sectionBottoms.prefix(first) ?? []))
        result.frames.reserveCapacity(sectionStarts[sectionCount] - start)
        result.tops.reserveCapacity(sectionCount)
        result.bottoms.reserveCapacity(sectionCount)
        var top = first == 0 ? metrics.insets.top : result.bottoms[first - 1] + metrics.spacing
        let total = sectionStarts[sectionCount]
        for section in first..<sectionCount {
            let itemsTop = metrics.itemsTop(sectionTop: top)
            var columnHeights = [Double](repeating: itemsTop, count: metrics.columns)
            var item = sectionStarts[section]
            if let previous, start > item {
                resume(&columnHeights, before: start, sectionStart: item, frames: previous.index)
                item = start
            }
            while item < sectionStarts[section + 1] {
                if item & 0xFFFF == 0 {
                    try context.checkCancellation()
                    context.reportProgress(0.5 + 0.5 * Double(item) / Double(max(1, total)))
                }
                let column = metrics.column(forItem: item - sectionStarts[section], columnHeights: columnHeights)
                let frame = Rect(x: metrics.insets.left + Double(column) * (columnWidth + metrics.spacing), y: columnHeights[column],
                                 width: columnWidth, height: heights[item])
                result.frames.append(frame)
                columnHeights[column] += heights[item] + metrics.spacing
                item += 1
            }
            let bottom = metrics.bottom(sectionTop: top, columnHeights: columnHeights,
                                        hasItems: sectionStarts[section + 1] > sectionStarts[section])
            result.tops.append(top)
            result.bottoms.append(bottom)
            top = bottom + metrics.spacing
        }
        return result
    }

    /// The running column heights just before item `start`, from the frames of the section's
    /// earlier items: each column's last item ends it. Scans back until every column is seen
    /// (O(columns) items in a full waterfall) or the section's start.
    private func resume(_ columnHeights: inout [Double], before start: Int, sectionStart: Int, frames: SpatialIndex) {
        var unseen = metrics.columns
        var seen = [Bool](repeating: false, count: metrics.columns)
        var item = start - 1
        while unseen > 0, item >= sectionStart {
            let frame = frames.frame(at: item)
            let column = Int(((frame.minX - metrics.insets.left) / (columnWidth + metrics.spacing)).rounded())
            if column >= 0, column < metrics.columns, !seen[column] {
                seen[column] = true
                unseen -= 1
                columnHeights[column] = frame.minY + (frame.height + metrics.spacing)  // as the running sum made it
            }
            item -= 1
        }
    }
}
