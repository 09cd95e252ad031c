import LayoutKit

/// A TV guide (seed 004, "Building a Multi-Directional UICollectionView"): a grid that
/// scrolls both ways, with the first row (times) and first column (channels) sticky.
///
/// Data: section 0 is the header row, item 0 of every section its header column.
/// Options: `cellSize` (100 × 30); `snapInterval` (the cell width: "30 minutes");
/// `durationField` (none) with `durationUnit` (30): when set, each programme (s > 0, i > 0) is
/// as wide as its item's `durationField` in units of `durationUnit` cells, laid end to end —
/// instead of the seed's demo rule (even sections' programmes twice as wide).
/// Prepare is O(n) on a data change and O(1) on a bounds change (sticky headers are placed at
/// query time from the bounds origin); rect queries are O(rows + log n + k).
public final class GuideLayout: LayoutPlugin {
    public static let info = PluginInfo(
        name: "guide", version: "1.0.0",
        summary: "A 2-D grid with sticky row and column headers, variable widths and snapping (seed: TV guide)",
        options: ["cellSize", "snapInterval", "durationField", "durationUnit"], flipsHorizontally: true)

    let cellSize: Size
    let snapInterval: Double
    let duration: (field: String, unit: Double)?
    private var grid = GuideGrid(cellSize: Size(width: 100, height: 30))
    private var bounds = Rect.zero
    private var needsGrid = true

    public init(options: Options) throws(LayoutError) {
        var options = options
        cellSize = try options.size("cellSize", default: Size(width: 100, height: 30))
        snapInterval = try options.number("snapInterval", default: cellSize.width, minimum: .positive)
        let field = try options.string("durationField", default: nil)
        let unit = try options.number("durationUnit", default: 30, minimum: .positive)
        duration = field.map { ($0, unit) }
        try options.rejectUnknownKeys()
    }

    public var contentSize: Size { grid.contentSize }

    /// The bytes the prepared layout keeps per item.
    public static let bytesPerItem = GuideGrid.bytesPerItem

    public func prepare(_ context: LayoutContext) throws(LayoutError) {
        if needsGrid {
            grid = try GuideGrid(
                context.dataSource, cellSize: cellSize, duration: duration, isCancelled: { context.isCancelled },
                progress: context.reportProgress)
            needsGrid = false
        }
        bounds = context.bounds
    }

    /// Every bounds change moves the sticky headers.
    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool { true }

    /// …but only the headers: the seed's `dataSourceDidUpdate == false` fast path.
    public func invalidation(forBoundsChange newBounds: Rect) -> Invalidation { .bounds }

    public func invalidate(_ invalidation: Invalidation) {
        if !invalidation.isSubset(of: .bounds) { needsGrid = true }
    }

    public var numberOfElements: Int? { grid.itemCount }

    public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        elements(in: rect, into: &result, pieceSize: .max, flush: { _ in })
    }

    /// Hands the answer over a section at a time once `pieceSize` elements are waiting.
    public func elements(
        in rect: Rect, into result: inout [LayoutAttributes], pieceSize: Int, flush: (inout [LayoutAttributes]) -> Void
    ) {
        let origin = bounds.origin
        // An empty section (even the header row) simply has no elements.
        guard grid.sectionCount > 0 else { return }
        // Section 0: the sticky corner, then the header row pinned to the top.
        if grid.itemCount(inSection: 0) > 0 {
            appendIfVisible(
                grid.stickyFrame(section: 0, item: 0, origin: origin), .cell(0, 0), zIndex: 2, rect, &result)
        }
        let headerRow = Rect(
            x: -Double.greatestFiniteMagnitude / 2, y: origin.y, width: .greatestFiniteMagnitude,
            height: cellSize.height)
        if headerRow.intersects(rect) {
            for item in grid.items(inSection: 0, overlapping: rect) where item > 0 {
                result.append(
                    LayoutAttributes(
                        element: .cell(0, item), frame: grid.stickyFrame(section: 0, item: item, origin: origin),
                        zIndex: 1))
            }
        }
        // Other sections: the header pinned to the left, then the programmes.
        for section in grid.sections(overlapping: rect) where section > 0 && grid.itemCount(inSection: section) > 0 {
            appendIfVisible(
                grid.stickyFrame(section: section, item: 0, origin: origin), .cell(section, 0), zIndex: 1, rect, &result
            )
            for item in grid.items(inSection: section, overlapping: rect) where item > 0 {
                result.append(
                    LayoutAttributes(
                        element: .cell(section, item), frame: grid.naturalFrame(section: section, item: item)))
            }
            if result.count >= pieceSize { flush(&result) }
        }
    }

    public func attributes(for element: ElementID) -> LayoutAttributes? {
        let (section, item) = (element.path.section, element.path.item)
        guard element.category == .cell, section >= 0, section < grid.sectionCount,
            item >= 0, item < grid.itemCount(inSection: section)
        else { return nil }
        let zIndex = section == 0 && item == 0 ? 2 : (section == 0 || item == 0 ? 1 : 0)
        let frame =
            zIndex > 0
            ? grid.stickyFrame(section: section, item: item, origin: bounds.origin)
            : grid.naturalFrame(section: section, item: item)
        return LayoutAttributes(element: element, frame: frame, zIndex: zIndex)
    }

    /// Snaps x to the nearest `snapInterval` and keeps both axes inside the content.
    public func targetContentOffset(proposed: Point, velocity: Point) -> Point {
        let size = grid.contentSize
        let x = (proposed.x / snapInterval + 0.5).rounded(.down) * snapInterval
        return Point(
            x: min(max(0, x), max(0, size.width - bounds.width)),
            y: min(max(0, proposed.y), max(0, size.height - bounds.height)))
    }

    private func appendIfVisible(
        _ frame: Rect, _ element: ElementID, zIndex: Int, _ rect: Rect, _ result: inout [LayoutAttributes]
    ) {
        if frame.intersects(rect) { result.append(LayoutAttributes(element: element, frame: frame, zIndex: zIndex)) }
    }
}
