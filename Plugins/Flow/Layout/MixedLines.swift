import LayoutKit

/// The items of every mixed section (contract §7) in flat arrays: each item's size and place
/// along its line, and each line's first item, place and extent across lines. An item's `c`
/// is its line's, centred: `c(line) + (cross − h) / 2`.
///
/// Items are stored in data order, mixed sections one after another (uniform sections store
/// none); lines likewise.
struct MixedLines: Sendable {
    /// Each stored item's `w` and `h`.
    var mains: [Double] = []
    var crosses: [Double] = []
    /// Each stored item's `m`, as its line placed it.
    var positions: [Double] = []
    /// Each line's first stored item (a line ends where the next one of its section starts).
    var lineFirstItems: [Int] = []
    /// Each line's `c` and cross extent (the tallest item's `h`; 0 for the empty line).
    var lineOrigins: [Double] = []
    var lineExtents: [Double] = []
    /// Each line's least rounded `m` and greatest rounded `m + w` (+∞ and −∞ when empty).
    var lineMinima: [Double] = []
    var lineMaxima: [Double] = []

    /// Where §7.1's loop stands when a line opens.
    private struct Breaking {
        var lineC: Double
        var remaining: Double
        var previousLeftover: Double
        var allPreviousSingle: Bool
        var closedLines: Int
        var lineStart: Int
        var lineCount: Int
    }

    /// Drops every line from `line` on, to lay their sections out again.
    mutating func removeLines(from line: Int) {
        guard line < lineOrigins.count else { return }
        lineFirstItems.removeSubrange(line...)
        lineOrigins.removeSubrange(line...)
        lineExtents.removeSubrange(line...)
        lineMinima.removeSubrange(line...)
        lineMaxima.removeSubrange(line...)
    }

    /// Breaks stored items `items` (a section) into lines (§7.1), places each line (§7.2) and
    /// stacks the lines from `firstLine` on (§7.3), with the contract's exact expressions in
    /// its order. Returns `linesEnd`. O(items).
    mutating func layOut(_ items: Range<Int>, firstLine: Double, metrics: FlowMetrics) -> Double {
        guard !items.isEmpty else { return firstLine }
        let avail = metrics.available
        var state = Breaking(
            lineC: firstLine, remaining: avail, previousLeftover: avail, allPreviousSingle: true, closedLines: 0,
            lineStart: items.lowerBound, lineCount: 0)
        return breakLines(items, &state, metrics: metrics)
    }

    /// Lays out the items of a section again from its line `line` on (not its first line),
    /// keeping the lines before, after sizes changed at or after that line's start: §7.1's
    /// loop resumes as it stood when the line opened (the line before it closed, as it did,
    /// by this line's first item). `items` are the section's, `sectionLine` its first line.
    /// Returns `linesEnd`. O(items from the line on + lines before it).
    mutating func layOut(_ items: Range<Int>, from line: Int, sectionLine: Int, metrics: FlowMetrics) -> Double {
        let s = metrics.interitemSpacing, avail = metrics.available
        var allPreviousSingle = true
        for earlier in sectionLine..<line {
            allPreviousSingle = allPreviousSingle && lineFirstItems[earlier + 1] - lineFirstItems[earlier] == 1
        }
        // The line before's leftover, as the loop computed it.
        var previousLeftover = avail
        for item in lineFirstItems[line - 1]..<lineFirstItems[line] {
            previousLeftover = previousLeftover - (s + mains[item])
        }
        let first = lineFirstItems[line]
        var state = Breaking(
            lineC: lineOrigins[line], remaining: avail - (s + mains[first]), previousLeftover: previousLeftover,
            allPreviousSingle: allPreviousSingle, closedLines: line - sectionLine, lineStart: first, lineCount: 1)
        removeLines(from: line)
        return breakLines(first + 1..<items.upperBound, &state, metrics: metrics)
    }

    /// §7.1's loop over `items` from `state`, then the last line. Returns `linesEnd`.
    private mutating func breakLines(_ items: Range<Int>, _ state: inout Breaking, metrics: FlowMetrics) -> Double {
        let s = metrics.interitemSpacing, avail = metrics.available
        for item in items {
            let w = mains[item]
            if w <= state.remaining {
                state.lineCount += 1
                state.remaining = state.remaining - (s + w)
            } else {
                state.allPreviousSingle = state.allPreviousSingle && state.lineCount == 1
                let lineEnd = closeLine(state.lineStart..<item, at: state.lineC, isComplete: true, metrics: metrics)
                state.lineC = lineEnd + metrics.lineSpacing
                state.closedLines += 1
                state.previousLeftover = state.remaining
                state.lineStart = item
                state.lineCount = 1
                state.remaining = avail - (s + w)
            }
        }
        let isComplete =
            state.allPreviousSingle && state.lineCount == 1
            || state.closedLines >= 1 && state.remaining == state.previousLeftover
        let end = state.lineStart + state.lineCount
        return closeLine(state.lineStart..<end, at: state.lineC, isComplete: isComplete, metrics: metrics)
    }

    /// Places one line's items along it (§7.2) and records the line; returns its far edge.
    private mutating func closeLine(_ line: Range<Int>, at c: Double, isComplete: Bool, metrics: FlowMetrics)
        -> Double
    {
        let a0 = metrics.lineStartInset, a1 = metrics.lineEndInset, d = metrics.lineLength
        var extent = 0.0
        for item in line where crosses[item] > extent { extent = crosses[item] }
        if isComplete, line.count >= 2 {
            var sum = 0.0
            for item in line { sum += mains[item] }
            let gap = (d - sum - a0 - a1) / Double(line.count - 1)
            var m = a0
            for item in line {
                positions[item] = m
                m = m + gap + mains[item]
            }
        } else if isComplete, line.count == 1 {
            let w = mains[line.lowerBound], space = d - (a1 + a0)
            positions[line.lowerBound] = space >= w ? a0 + (space - w) * 0.5 : a0
        } else {
            var m = a0
            for item in line {
                positions[item] = m
                m = m + metrics.interitemSpacing + mains[item]
            }
        }
        var least = Double.infinity, greatest = -Double.infinity
        for item in line {
            let m = metrics.rounded(positions[item])
            least = Swift.min(least, m)
            greatest = Swift.max(greatest, m + mains[item])
        }
        lineFirstItems.append(line.lowerBound)
        lineOrigins.append(c)
        lineExtents.append(extent)
        lineMinima.append(least)
        lineMaxima.append(greatest)
        return c + extent
    }
}
