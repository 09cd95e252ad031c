import LayoutKit

/// The guide's natural (unscrolled) geometry: row s is section s, at y = s·H, height H; each
/// row's items run left to right without gaps, so they are stored as x and width per item
/// (16 bytes) and found by binary search.
struct GuideGrid {
    /// All rows' items, concatenated: row s holds `xs[rowStarts[s] ..< rowStarts[s + 1]]`.
    private var xs: [Double] = []
    private var widths: [Double] = []
    private var rowStarts: [Int] = [0]
    let cellSize: Size
    private(set) var contentSize = Size.zero

    /// No rows.
    init(cellSize: Size) {
        self.cellSize = cellSize
    }

    /// The natural frames for `data`: the seed's demo rule — headers and odd sections'
    /// programmes at x = i·W, W wide; even sections' programmes at x = i·2W − W, 2W wide —
    /// or, with `duration`, programmes `field / unit` cells wide, end to end after the header.
    init(
        _ data: DataSource, cellSize: Size, duration: (field: String, unit: Double)?, isCancelled: () -> Bool,
        progress: (Double) -> Void = { _ in }
    ) throws(LayoutError) {
        self.cellSize = cellSize
        let width = cellSize.width
        xs.reserveCapacity(data.numberOfItems)
        widths.reserveCapacity(data.numberOfItems)
        var contentWidth = 0.0
        for section in 0..<data.numberOfSections {
            if section & 255 == 0 {
                if isCancelled() { throw .cancelled }
                progress(Double(section) / Double(data.numberOfSections))
            }
            var x = 0.0, itemWidth = width
            for item in 0..<data.numberOfItems(inSection: section) {
                if section == 0 || item == 0 {
                    (x, itemWidth) = (Double(item) * width, width)
                } else if let duration {
                    let path = ItemPath(section: section, item: item)
                    guard let length = data.number(at: path, field: duration.field), length.isFinite, length > 0 else {
                        throw .data(
                            item: path, field: duration.field,
                            message:
                                "expected a map with a positive number '\(duration.field)', got \(data.value(at: path).kindDescription)"
                        )
                    }
                    (x, itemWidth) = (x + itemWidth, length / duration.unit * width)
                } else if section % 2 == 0 {
                    (x, itemWidth) = (Double(item) * 2 * width - width, 2 * width)
                } else {
                    (x, itemWidth) = (Double(item) * width, width)
                }
                guard CoordinateCheck.isAllowed(itemWidth), CoordinateCheck.isAllowed(x + itemWidth) else {
                    throw CoordinateCheck.error(
                        duration == nil ? "cellSize" : "durationUnit",
                        "item \(item) of section \(section) would end at x = \((x + itemWidth).compactDescription)")
                }
                xs.append(x)
                widths.append(itemWidth)
                contentWidth = max(contentWidth, x + itemWidth)
            }
            rowStarts.append(xs.count)
        }
        contentSize = Size(width: contentWidth, height: Double(data.numberOfSections) * cellSize.height)
        try CoordinateCheck.check([], contentSize: contentSize, option: "cellSize")
    }

    var sectionCount: Int { rowStarts.count - 1 }

    var itemCount: Int { xs.count }

    func itemCount(inSection section: Int) -> Int { rowStarts[section + 1] - rowStarts[section] }

    func naturalFrame(section: Int, item: Int) -> Rect {
        let index = rowStarts[section] + item
        return Rect(x: xs[index], y: Double(section) * cellSize.height, width: widths[index], height: cellSize.height)
    }

    /// A header's frame pinned to the bounds origin: the corner on both axes, the header row
    /// to the top, the header column to the left.
    func stickyFrame(section: Int, item: Int, origin: Point) -> Rect {
        var frame = naturalFrame(section: section, item: item)
        if item == 0 { frame.origin.x = origin.x }
        if section == 0 { frame.origin.y = origin.y }
        return frame
    }

    /// The sections whose natural rows meet the rect's y-range. O(1).
    func sections(overlapping rect: Rect) -> Range<Int> {
        let height = cellSize.height
        func top(_ section: Int) -> Double { Double(section) * height }
        func clamp(_ value: Double) -> Int { value.isNaN ? 0 : Int(max(0, min(Double(sectionCount), value))) }
        var first = clamp((rect.minY / height).rounded(.down) - 1)
        while first < sectionCount && !(top(first) + height > rect.minY) { first += 1 }
        var end = clamp((rect.maxY / height).rounded(.up) + 1)
        while end > first && !(top(end - 1) < rect.maxY) { end -= 1 }
        return first..<max(first, end)
    }

    /// The items of a row whose natural x-extent meets the rect's x-range. O(log m).
    func items(inSection section: Int, overlapping rect: Rect) -> Range<Int> {
        let base = rowStarts[section], count = itemCount(inSection: section)
        let first = partition(count) { xs[base + $0] + widths[base + $0] > rect.minX }
        let end = partition(count) { xs[base + $0] >= rect.maxX }
        return first..<max(first, end)
    }

    /// The bytes kept per item.
    static let bytesPerItem = 2 * MemoryLayout<Double>.stride

    /// The first index in 0..<count where the monotone `predicate` holds (or count).
    private func partition(_ count: Int, _ predicate: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
