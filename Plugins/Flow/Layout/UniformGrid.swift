import LayoutKit

/// A uniform section's grid (contract §6, UIKit's fixed-size fast path): every item has the
/// same size, so each item's place is arithmetic on its index and nothing per item is kept.
/// Making one is O(1); a frame is O(1).
struct UniformGrid: Equatable, Sendable {
    let count: Int
    /// `w`, `h`: every item's extent along and across its line.
    let main: Double
    let cross: Double
    /// Items on a full line: `n`, at most `count` (a larger `n` only spreads the one line).
    let columns: Int
    let lineCount: Int
    /// `m0` and `w + gap`: column `k` is at `m0 + k × (w + gap)`.
    let firstColumn: Double
    let columnStep: Double
    /// Line 0's `c`, and `h + L`: line `q` is at `c0 + q × (h + L)`.
    let firstLine: Double
    let lineStep: Double
    /// The far edge of the last line: `c0 + lines × (h + L) − L`.
    let linesEnd: Double

    /// The grid of `count` items of one size, its first line at `firstLine` (`start + hE + b0`).
    init(count: Int, main w: Double, cross h: Double, firstLine: Double, metrics: FlowMetrics) {
        let s = metrics.interitemSpacing, d = metrics.lineLength
        let a0 = metrics.lineStartInset, a1 = metrics.lineEndInset
        var n = ((s + metrics.available) / (s + w)).rounded(.down)
        if n < 1 { n = 1 }
        self.count = count
        main = w
        cross = h
        columns = n >= Double(count) ? count : Int(n)
        lineCount = (count + columns - 1) / columns
        if n == 1 {
            firstColumn = a0 + (d - w - a0 - a1) * 0.5
            columnStep = w
        } else {
            let gap = (d - a0 - a1 - n * w) / (n - 1)
            firstColumn = a0
            columnStep = w + gap
        }
        self.firstLine = firstLine
        lineStep = h + metrics.lineSpacing
        linesEnd = firstLine + Double(lineCount) * lineStep - metrics.lineSpacing
    }

    /// Item `item`'s `(m, c)`: column `item mod n`, line `item div n`.
    @inline(__always)
    func place(of item: Int) -> (m: Double, c: Double) {
        let (line, column) = item.quotientAndRemainder(dividingBy: columns)
        return (firstColumn + Double(column) * columnStep, firstLine + Double(line) * lineStep)
    }

    /// The lines and columns whose items may meet the span `(mStart, mEnd) × (cStart, cEnd)`,
    /// widened by `slack`: a superset, each candidate still to be tested. O(1).
    func candidates(mStart: Double, mEnd: Double, cStart: Double, cEnd: Double, slack: Double) -> (
        lines: ClosedRange<Int>, columns: ClosedRange<Int>
    )? {
        let lines = Self.indices(
            (cStart - slack - firstLine - cross) / lineStep, (cEnd + slack - firstLine) / lineStep, lineCount)
        guard let lines else { return nil }
        guard columns > 1, columnStep > 0, columnStep.isFinite else { return (lines, 0...(columns - 1)) }
        let columns = Self.indices(
            (mStart - slack - firstColumn - main) / columnStep, (mEnd + slack - firstColumn) / columnStep, columns)
        return columns.map { (lines, $0) }
    }

    /// `floor(low) − 1 … floor(high) + 1` within `0..<count`, nil when empty; safe for any
    /// double (huge, infinite or NaN bounds clamp).
    private static func indices(_ low: Double, _ high: Double, _ count: Int) -> ClosedRange<Int>? {
        func index(_ value: Double) -> Int {
            guard value > -1 else { return -1 }
            guard value < Double(count) else { return count }
            return Int(value.rounded(.down))
        }
        let first = Swift.max(0, index(low) - 1), last = Swift.min(count - 1, (high.isNaN ? count : index(high)) + 1)
        return first <= last ? first...last : nil
    }
}
