import LayoutKit

/// The axes along which frames lie beyond the content (`Layout.contentOverflow`, ABI 2.3).
extension FlowGeometry {
    /// The lines' axis when a cell overflows its line (wider than `avail`, or `avail < 0`);
    /// the scroll axis when rounding pushes a frame half a pixel past the end. Judged as
    /// `check` judges frames (a slack of 1e-9 of the extent). O(sections near the end).
    func overflow(bounds: Rect) -> ContentOverflow {
        guard metrics.hasRoom else { return [] }
        var overflow: ContentOverflow = []
        let slack = 1e-9 * Swift.max(1, metrics.lineLength)
        if lineExtremes.start < -slack || lineExtremes.end > metrics.lineLength + slack {
            overflow.insert(metrics.isHorizontal ? .vertical : .horizontal)
        }
        if overflowsScrollAxis(bounds: bounds) { overflow.insert(metrics.isHorizontal ? .horizontal : .vertical) }
        return overflow
    }

    /// Whether some frame lies beyond the content along the scroll axis, which only rounding
    /// can do (half a pixel past the end): looks at the sections within a pixel of the end,
    /// their last lines and their headers and footers as `bounds` place them.
    private func overflowsScrollAxis(bounds: Rect) -> Bool {
        guard metrics.displayScale > 0 else { return false }
        let reach = contentEnd - 1 / metrics.displayScale - metrics.slack(near: contentEnd)
        let limit = contentEnd + 1e-9 * Swift.max(1, contentEnd)
        func crossEnd(_ frame: Rect) -> Double { metrics.isHorizontal ? frame.maxX : frame.maxY }
        var section = sections.count - 1
        while section >= 0, sections[section].end > reach {
            let placement = sections[section].items
            if case .uniform(let grid) = placement {
                if crossEnd(cellFrame(section: section, item: grid.count - 1)) > limit { return true }
            } else if case .mixed(_, let firstLine, let lineCount) = placement {
                var line = firstLine + lineCount - 1
                while line >= firstLine, lines.lineOrigins[line] + lines.lineExtents[line] > reach {
                    for stored in items(ofLine: line, in: section)
                    where crossEnd(mixedFrame(stored, line: line)) > limit {
                        return true
                    }
                    line -= 1
                }
            }
            if metrics.headerExtent > 0, crossEnd(headerFrame(section: section, bounds: bounds)) > limit { return true }
            if metrics.footerExtent > 0, crossEnd(footerFrame(section: section, bounds: bounds)) > limit { return true }
            section -= 1
        }
        return false
    }
}
