import LayoutKit

/// The mark sheet's geometry as pure arithmetic: frames by index, and the index ranges whose
/// frames intersect a rect — exactly, not the seed's superset.
struct MarkSheetMetrics {
    struct Options {
        var rowHeaderWidth = 100.0
        var rowHeight = 50.0
        var columnHeaderHeight = 40.0
        var separatorHeight = 1.0
    }

    let options: Options
    let width: Double
    let rowCount: Int
    let columnCount: Int
    let columnWidth: Double

    init(options: Options, width: Double, rows: Int, columns: Int) {
        self.options = options
        self.width = width
        rowCount = rows
        columnCount = columns
        columnWidth = columns > 0 ? (width - options.rowHeaderWidth) / Double(columns) : 0
    }

    var contentSize: Size {
        Size(width: width, height: options.columnHeaderHeight + options.rowHeight * Double(rowCount))
    }

    func cellFrame(row: Int, column: Int) -> Rect {
        Rect(x: columnX(column), y: rowY(row), width: columnWidth, height: options.rowHeight)
    }

    func columnHeaderFrame(_ column: Int) -> Rect {
        Rect(x: columnX(column), y: 0, width: columnWidth, height: options.columnHeaderHeight)
    }

    func rowHeaderFrame(_ row: Int) -> Rect {
        Rect(x: 0, y: rowY(row), width: options.rowHeaderWidth, height: options.rowHeight)
    }

    func separatorFrame(_ row: Int) -> Rect {
        Rect(x: 0, y: rowY(row), width: width, height: options.separatorHeight)
    }

    /// Whether the rect meets the column headers' y-extent `[0, columnHeaderHeight)`, as
    /// `Rect.intersects` decides; their x-extents are the columns'.
    func meetsColumnHeaders(_ rect: Rect) -> Bool {
        columnCount > 0 && 0 < rect.maxY && rect.minY < options.columnHeaderHeight
    }

    /// Whether the rect meets the row headers' x-extent `[0, rowHeaderWidth)`; their
    /// y-extents are the rows'.
    func meetsRowHeaders(_ rect: Rect) -> Bool {
        rowCount > 0 && 0 < rect.maxX && rect.minX < options.rowHeaderWidth
    }

    /// The rows whose cells' (and row headers') y-extent meets the rect's. O(1).
    func rows(intersecting rect: Rect) -> Range<Int> {
        indices(
            count: rowCount, origin: options.columnHeaderHeight, step: options.rowHeight, extent: options.rowHeight,
            from: rect.minY, to: rect.maxY)
    }

    /// The columns whose cells' (and column headers') x-extent meets the rect's. O(1).
    func columns(intersecting rect: Rect) -> Range<Int> {
        guard columnWidth > 0 else { return 0..<0 }
        return indices(
            count: columnCount, origin: options.rowHeaderWidth, step: columnWidth, extent: columnWidth,
            from: rect.minX, to: rect.maxX)
    }

    /// The rows whose separators intersect the rect. O(1).
    func separatorRows(intersecting rect: Rect) -> Range<Int> {
        guard rect.minX < width, 0 < rect.maxX else { return 0..<0 }
        return indices(
            count: rowCount, origin: options.columnHeaderHeight, step: options.rowHeight,
            extent: options.separatorHeight, from: rect.minY, to: rect.maxY)
    }

    private func rowY(_ row: Int) -> Double { options.columnHeaderHeight + options.rowHeight * Double(row) }
    private func columnX(_ column: Int) -> Double { options.rowHeaderWidth + columnWidth * Double(column) }

    /// The indices i in 0..<count whose span [origin + step·i, + extent) meets the open
    /// interval (low, high) the way `Rect.intersects` decides. Both conditions are monotone
    /// in i, so the answer is a range: its ends are estimated by division, then settled with
    /// the exact comparisons on the same arithmetic as the frames. O(1).
    private func indices(count: Int, origin: Double, step: Double, extent: Double, from low: Double, to high: Double)
        -> Range<Int>
    {
        guard count > 0, step > 0 else { return 0..<0 }
        func start(_ index: Int) -> Double { origin + step * Double(index) }
        func clamp(_ value: Double) -> Int { value.isNaN ? 0 : Int(max(0, min(Double(count), value))) }
        // first: the smallest index whose span ends after `low`.
        var first = clamp(((low - origin - extent) / step).rounded(.down))
        while first > 0 && start(first - 1) + extent > low { first -= 1 }
        while first < count && !(start(first) + extent > low) { first += 1 }
        // end: the smallest index whose span starts at or after `high`.
        var end = clamp(((high - origin) / step).rounded(.up))
        while end > 0 && !(start(end - 1) < high) { end -= 1 }
        while end < count && start(end) < high { end += 1 }
        return first < end ? first..<end : 0..<0
    }
}
