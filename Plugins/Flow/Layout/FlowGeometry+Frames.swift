import LayoutKit

/// A cell's frame, from its section's grid or from its line: O(1), a mixed cell O(log lines of
/// its section).
extension FlowGeometry {
    /// The frame of item `item` of `section` (both in range).
    func cellFrame(section: Int, item: Int) -> Rect {
        switch sections[section].items {
        case .uniform(let grid):
            let (m, c) = grid.place(of: item)
            return metrics.frame(m: m, c: c, main: grid.main, cross: grid.cross)
        case .mixed(let firstItem, let firstLine, let lineCount):
            let stored = firstItem + item
            return mixedFrame(stored, line: line(of: stored, in: firstLine..<firstLine + lineCount))
        case .none:
            preconditionFailure("item \(item) of empty section \(section)")
        }
    }

    /// The frame of stored item `stored` on line `line`: centred across the line (§7.3).
    @inline(__always)
    func mixedFrame(_ stored: Int, line: Int) -> Rect {
        let h = lines.crosses[stored]
        return metrics.frame(
            m: lines.positions[stored], c: lines.lineOrigins[line] + (lines.lineExtents[line] - h) / 2,
            main: lines.mains[stored], cross: h)
    }

    /// The line of `lines` (a section's) that holds stored item `stored`: the last one starting
    /// at or before it (an empty line shares its start with the next). O(log lines).
    func line(of stored: Int, in lines: Range<Int>) -> Int {
        var low = lines.lowerBound, high = lines.upperBound
        while high - low > 1 {
            let middle = (low + high) / 2
            if self.lines.lineFirstItems[middle] <= stored { low = middle } else { high = middle }
        }
        return low
    }
}
