import LayoutKit

/// Places the items of every section from one global item on: the waterfall's rules as a
/// loop over items, given their heights.
struct WaterfallPlacement {
    let metrics: WaterfallMetrics
    let columnWidth: Double
    let sectionStarts: [Int]
    let heights: [Double]

    /// What a placement computed besides the frames: every section's top and bottom.
    struct Sections {
        var tops: [Double]
        var bottoms: [Double]
    }

    /// Places items `start ..< n`, their frames appended to `frames`. With `previous` (the
    /// layout as last prepared, whose sections and items before `start` are unchanged), the
    /// sections before `start`'s keep their tops and bottoms and its columns resume from the
    /// frames of its earlier items; without, everything is placed. O((n − start) · columns)
    /// plus O(sections).
    ///
    /// - Throws: `.cancelled` when the host cancels.
    func place(from start: Int, keeping previous: WaterfallLayout?, into frames: inout [Rect], context: LayoutContext)
        throws(LayoutError) -> Sections
    {
        let sectionCount = sectionStarts.count - 1
        // The first section not kept whole: kept ones end by `start` and ended there before.
        var first = 0
        if let previous {
            while first < sectionCount, sectionStarts[first + 1] <= start, first + 1 < previous.sectionStarts.count,
                previous.sectionStarts[first + 1] == sectionStarts[first + 1]
            { first += 1 }
        }
        var result = Sections(
            tops: Array(previous?.sectionTops.prefix(first) ?? []),
            bottoms: Array(previous?.sectionBottoms.prefix(first) ?? []))
        frames.reserveCapacity(frames.count + sectionStarts[sectionCount] - start)
        result.tops.reserveCapacity(sectionCount)
        result.bottoms.reserveCapacity(sectionCount)
        var top = first == 0 ? metrics.insets.top : result.bottoms[first - 1] + metrics.spacing
        for section in first..<sectionCount {
            var columnHeights = [Double](repeating: metrics.itemsTop(sectionTop: top), count: metrics.columns)
            var item = sectionStarts[section]
            if let previous, start > item {
                resume(&columnHeights, before: start, sectionStart: item, frames: previous.index)
                item = start
            }
            try placeItems(
                item..<sectionStarts[section + 1], sectionStart: sectionStarts[section], columnHeights: &columnHeights,
                into: &frames, context: context)
            let bottom = metrics.bottom(
                sectionTop: top, columnHeights: columnHeights,
                hasItems: sectionStarts[section + 1] > sectionStarts[section])
            result.tops.append(top)
            result.bottoms.append(bottom)
            top = bottom + metrics.spacing
        }
        return result
    }

    /// The rules' inner loop, over raw buffers, in runs of 64K items between cancellation
    /// checks and progress reports: O(items · columns).
    private func placeItems(
        _ items: Range<Int>, sectionStart: Int, columnHeights: inout [Double], into frames: inout [Rect],
        context: LayoutContext
    ) throws(LayoutError) {
        let total = Double(max(1, sectionStarts[sectionStarts.count - 1]))
        let left = metrics.insets.left, spacing = metrics.spacing, step = columnWidth + metrics.spacing,
            width = columnWidth
        let columns = metrics.columns, isRoundRobin = metrics.order == .roundRobin
        var item = items.lowerBound
        while item < items.upperBound {
            try context.checkCancellation()
            context.reportProgress(0.5 + 0.5 * Double(item) / total)
            let end = min(items.upperBound, item + 0x10000)
            let first = frames.count
            frames.append(contentsOf: repeatElement(Rect(x: 0, y: 0, width: 0, height: 0), count: end - item))
            heights.withUnsafeBufferPointer { heights in
                columnHeights.withUnsafeMutableBufferPointer { running in
                    frames.withUnsafeMutableBufferPointer { output in
                        for index in item..<end {
                            var column = 0
                            if isRoundRobin {
                                column = (index - sectionStart) % columns
                            } else {
                                // The shortest, lowest index on ties: branch-free (near-equal heights mispredict).
                                var shortest = running[0]
                                for candidate in 1..<columns {
                                    let isShorter = running[candidate] < shortest
                                    shortest = isShorter ? running[candidate] : shortest
                                    column = isShorter ? candidate : column
                                }
                            }
                            let height = heights[index]
                            output[first + index - item] = Rect(
                                x: left + Double(column) * step, y: running[column], width: width, height: height)
                            running[column] += height + spacing
                        }
                    }
                }
            }
            item = end
        }
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
