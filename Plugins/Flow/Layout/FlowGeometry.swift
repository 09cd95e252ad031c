import LayoutKit

/// Everything a prepared flow knows (contract §5–§8): its sections stacked along the scroll
/// axis, the lines and items of its mixed sections, and its extent. Built from the items'
/// sizes and the metrics, then only read: pinned headers and footers are placed at query time
/// from the bounds (§9), so a scroll costs nothing here.
struct FlowGeometry: Sendable {
    /// What a section's items are, as read from the data: all one size, or stored in `lines`.
    enum Contents: Sendable {
        case empty
        case uniform(main: Double, cross: Double)
        case mixed(firstItem: Int)
    }

    let metrics: FlowMetrics
    /// Each section's items as read; `sections` is laid out from these.
    var contents: [Contents] = []
    var sections: [FlowSection] = []
    var lines = MixedLines()
    /// The global index of each section's first item, and the number of items at the end.
    var firstItems: [Int] = [0]
    /// The end of the last section (0 without sections): the content's extent along `c`.
    var contentEnd = 0.0
    /// The cells' extremes along the lines (origins rounded): the least `m` and greatest `m + w`
    /// (0, 0 without cells).
    var lineExtremes = (start: 0.0, end: 0.0)

    /// A flow with nothing laid out (D = 0, or before the first prepare).
    init(metrics: FlowMetrics) {
        self.metrics = metrics
    }

    var itemCount: Int { firstItems[firstItems.count - 1] }

    /// Reads every item's size (§3) and lays every section out. `preferred` sizes replace the
    /// data's while self-sizing (§10). O(n + sections) and O(stored items) memory: uniform
    /// sections store nothing per item.
    ///
    /// - Throws: `LayoutError.data` for a bad item size, a coordinate error when the flow
    ///   would pass ±1e15, `.cancelled` when the host cancels.
    init(data: DataSource, metrics: FlowMetrics, preferred: [ItemPath: Size], context: LayoutContext)
        throws(LayoutError)
    {
        self.metrics = metrics
        guard metrics.hasRoom else { return }
        try read(data, context: context)
        if metrics.isSelfSizing {
            for (path, size) in preferred where path.section < contents.count {
                let global = firstItems[path.section] + path.item
                guard path.item < firstItems[path.section + 1] - firstItems[path.section] else { continue }
                lines.mains[global] = metrics.main(of: size)
                lines.crosses[global] = metrics.cross(of: size)
            }
        }
        try layOut(from: 0, context: context)
    }

    /// Phase one: every section's item sizes, uniform sections detected as UIKit does while it
    /// reads them (§6: at least one item, all sizes equal as doubles, self-sizing off).
    private mutating func read(_ data: DataSource, context: LayoutContext) throws(LayoutError) {
        let reader = ItemSizeReader(data: data, base: metrics.baseSize)
        let total = Double(Swift.max(1, data.numberOfItems))
        contents.reserveCapacity(data.numberOfSections)
        firstItems.reserveCapacity(data.numberOfSections + 1)
        for section in 0..<data.numberOfSections {
            let count = data.numberOfItems(inSection: section)
            firstItems.append(itemCount + count)
            guard count > 0 else {
                contents.append(.empty)
                continue
            }
            let first = try reader.size(at: ItemPath(section: section, item: 0))
            var item = 1
            if !metrics.isSelfSizing {
                while item < count {
                    if item & 0xFFFF == 0 { try Self.poll(context, Double(firstItems[section] + item) / total) }
                    let size = try reader.size(at: ItemPath(section: section, item: item))
                    guard size.width == first.width, size.height == first.height else { break }
                    item += 1
                }
                if item == count {
                    contents.append(.uniform(main: metrics.main(of: first), cross: metrics.cross(of: first)))
                    continue
                }
            }
            contents.append(.mixed(firstItem: lines.mains.count))
            lines.mains.append(contentsOf: repeatElement(metrics.main(of: first), count: item))
            lines.crosses.append(contentsOf: repeatElement(metrics.cross(of: first), count: item))
            while item < count {
                if item & 0xFFFF == 0 { try Self.poll(context, Double(firstItems[section] + item) / total) }
                let size = try reader.size(at: ItemPath(section: section, item: item))
                lines.mains.append(metrics.main(of: size))
                lines.crosses.append(metrics.cross(of: size))
                item += 1
            }
        }
    }

    /// Phase two: sections from `first` on stacked from the end of the one before (§5), each
    /// a grid (§6) or broken into lines (§7); then the extremes, checked. O(items of those
    /// sections + sections).
    mutating func layOut(from first: Int, context: LayoutContext) throws(LayoutError) {
        if let line = sections[first...].lazy.compactMap(\.firstLine).first { lines.removeLines(from: line) }
        sections.removeSubrange(first...)
        if lines.positions.count != lines.mains.count {
            lines.positions = [Double](repeating: 0, count: lines.mains.count)
        }
        sections.reserveCapacity(contents.count)
        var start = first == 0 ? 0 : sections[first - 1].end
        for section in first..<contents.count {
            if section & 0xFF == 0 { try context.checkCancellation() }
            let count = firstItems[section + 1] - firstItems[section]
            let linesStart = start + metrics.headerExtent + metrics.sectionStartInset
            let items: FlowSection.Items, linesEnd: Double
            switch contents[section] {
            case .empty:
                (items, linesEnd) = (.none, linesStart)
            case .uniform(let main, let cross):
                let grid = UniformGrid(count: count, main: main, cross: cross, firstLine: linesStart, metrics: metrics)
                (items, linesEnd) = (.uniform(grid), grid.linesEnd)
            case .mixed(let firstItem):
                let firstLine = lines.lineOrigins.count
                linesEnd = lines.layOut(firstItem..<firstItem + count, firstLine: linesStart, metrics: metrics)
                items = .mixed(
                    firstItem: firstItem, firstLine: firstLine, lineCount: lines.lineOrigins.count - firstLine)
            }
            var laidOut = FlowSection(
                start: start, linesStart: linesStart, linesEnd: linesEnd, itemCount: count, items: items,
                metrics: metrics)
            laidOut.lineExtremes = lineExtremes(of: items, count: count)
            sections.append(laidOut)
            start = laidOut.end
        }
        contentEnd = sections.last?.end ?? 0
        var low = Double.infinity, high = -Double.infinity
        for section in sections {
            low = Swift.min(low, section.lineExtremes.start)
            high = Swift.max(high, section.lineExtremes.end)
            if section.lineExtremes.start.isNaN { (low, high) = (.nan, .nan) }
        }
        lineExtremes = low <= high || low.isNaN ? (low, high) : (0, 0)
        guard CoordinateCheck.isAllowed(contentEnd), CoordinateCheck.isAllowed(lineExtremes.start),
            CoordinateCheck.isAllowed(lineExtremes.end)
        else {
            throw CoordinateCheck.error(
                nil,
                "the items would reach from \(lineExtremes.start.compactDescription) to "
                    + "\(lineExtremes.end.compactDescription) along their lines and the content would be "
                    + "\(contentEnd.compactDescription) long")
        }
    }

    /// A section's least rounded `m` and greatest rounded `m + w`: a grid's first and last
    /// columns (NaN when its arithmetic failed), a mixed section's lines'. O(1) or O(lines).
    private func lineExtremes(of items: FlowSection.Items, count: Int) -> (start: Double, end: Double) {
        switch items {
        case .none:
            return (.infinity, -.infinity)
        case .uniform(let grid):
            let last = grid.firstColumn + Double(grid.columns - 1) * grid.columnStep
            guard grid.firstColumn.isFinite, last.isFinite else { return (.nan, .nan) }
            return (metrics.rounded(grid.firstColumn), metrics.rounded(last) + grid.main)
        case .mixed(_, let firstLine, let lineCount):
            var low = Double.infinity, high = -Double.infinity
            for line in firstLine..<firstLine + lineCount {
                low = Swift.min(low, lines.lineMinima[line])
                high = Swift.max(high, lines.lineMaxima[line])
            }
            return (low, high)
        }
    }

    /// Lays out again after the sizes of stored items from `item` (in `section`) on changed
    /// (self-sizing): that section from the line before the item's (the ones above keep their
    /// breaks), then every later section. O(items from there on + lines of the section).
    mutating func layOut(afterChangeAt item: Int, inSection section: Int, context: LayoutContext)
        throws(LayoutError)
    {
        guard case .mixed(let firstItem, let firstLine, let lineCount) = sections[section].items,
            case let line = self.line(of: item, in: firstLine..<firstLine + lineCount), line - 1 > firstLine
        else { return try layOut(from: section, context: context) }
        let old = sections[section], count = old.itemCount
        sections.removeSubrange((section + 1)...)
        let linesEnd = lines.layOut(
            firstItem..<firstItem + count, from: line - 1, sectionLine: firstLine, metrics: metrics)
        let items = FlowSection.Items.mixed(
            firstItem: firstItem, firstLine: firstLine, lineCount: lines.lineOrigins.count - firstLine)
        var laidOut = FlowSection(
            start: old.start, linesStart: old.linesStart, linesEnd: linesEnd, itemCount: count, items: items,
            metrics: metrics)
        laidOut.lineExtremes = lineExtremes(of: items, count: count)
        sections[section] = laidOut
        try layOut(from: section + 1, context: context)
    }

    private static func poll(_ context: LayoutContext, _ fraction: Double) throws(LayoutError) {
        try context.checkCancellation()
        context.reportProgress(0.9 * fraction)
    }
}
