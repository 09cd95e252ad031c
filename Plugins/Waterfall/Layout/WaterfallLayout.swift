import LayoutKit

/// A waterfall (CHTCollectionViewWaterfallLayout's Pinterest wall): items of one width and
/// their own heights, each into the shortest column (or round robin), section after section,
/// with an optional full-width header per section.
///
/// Data: sections of items, each a height, `{height}`, or `{size: {width, height}}` (kept at
/// the column's width). Options: `columns` (2), `spacing` (8), `insets` (8 each),
/// `headerHeight` (0: none), `order` (`shortestColumn` or `roundRobin`).
/// Prepare is O(n · columns) to place (reading the data O(n)); after a batch update or a
/// preferred size it re-places only from the first changed item on. A rect query is
/// O(log n + k) through a `SpatialIndex` over the cells and a binary search over the headers.
/// A width change invalidates everything, preferred sizes included.
public final class WaterfallLayout: LayoutPlugin {
    public static let header = "header"
    public static let info = PluginInfo(
        name: "waterfall", version: "1.0.0",
        summary: "Items of their own heights in columns, each into the shortest one (CHTCollectionViewWaterfallLayout)",
        kinds: [ElementKind(header, .supplementary)],
        options: ["columns", "spacing", "insets", "headerHeight", "order"], flipsHorizontally: true)

    let metrics: WaterfallMetrics
    /// The cells' frames, by global item index.
    var index = SpatialIndex(frames: [])
    /// Every item's height as laid out: its preferred height when it has one, else its data's.
    var heights: [Double] = []
    /// Section s's items are global items sectionStarts[s] ..< sectionStarts[s + 1].
    var sectionStarts: [Int] = [0]
    var sectionTops: [Double] = []
    var sectionBottoms: [Double] = []
    var columnWidth = 0.0
    var preparedWidth: Double?
    /// Whether the next prepare reads the data again (from `keptPrefix` on).
    var needsData = true
    /// How many leading items a batch update left alone: their heights and frames stay.
    var keptPrefix = 0
    /// The first item whose height changed since the last prepare (a preferred size).
    var firstChanged: Int?
    /// Preferred heights the layout accepted, by item.
    var preferredHeights: [ItemPath: Double] = [:]
    /// What the last prepare moved.
    var lastChanges: FrameChanges?
    /// Reused by every query, so that steady-state queries allocate nothing.
    private var hits: [Int] = []
    /// The frames of a re-placed tail, reused from one prepare to the next.
    private var tailScratch: [Rect] = []
    public private(set) var contentSize = Size.zero

    public init(options: Options) throws(LayoutError) {
        metrics = try WaterfallMetrics(options: options)
    }

    public func prepare(_ context: LayoutContext) throws(LayoutError) {
        let data = context.dataSource
        let width = context.bounds.width
        let columnWidth = try metrics.columnWidth(boundsWidth: width)
        var starts = [0]
        starts.reserveCapacity(data.numberOfSections + 1)
        for section in 0..<data.numberOfSections {
            starts.append(starts[section] + data.numberOfItems(inSection: section))
        }
        // Anything but the same sections at the same width reads and places everything; a
        // new width also drops the preferred sizes, measured for the old one.
        if width != preparedWidth || starts != sectionStarts && !needsData {
            if preparedWidth != nil, width != preparedWidth { preferredHeights = [:] }
            needsData = true
            keptPrefix = 0
        }
        var start = firstChanged ?? starts.last!
        let keepsIdentities = !needsData
        if needsData {
            let kept = min(keptPrefix, heights.count, starts.last!)
            heights.removeSubrange(kept...)
            try ItemHeights.read(
                from: data, sectionStarts: starts, columnWidth: columnWidth, into: &heights, context: context)
            for (path, height) in preferredHeights
            where path.section < data.numberOfSections
                && path.item < starts[path.section + 1] - starts[path.section]
                && starts[path.section] + path.item >= kept
            {
                heights[starts[path.section] + path.item] = height
            }
            start = min(start, kept)
        }
        // A re-placed tail goes through a scratch array kept between prepares (no fresh pages).
        var frames: [Rect] = []
        if start > 0 { swap(&frames, &tailScratch) }
        frames.removeAll(keepingCapacity: true)
        let placement = try WaterfallPlacement(
            metrics: metrics, columnWidth: columnWidth, sectionStarts: starts, heights: heights
        )
        .place(from: start, keeping: start == 0 ? nil : self, into: &frames, context: context)
        let size = Size(width: width, height: (placement.bottoms.last ?? metrics.insets.top) + metrics.insets.bottom)
        try CoordinateCheck.check(frames, contentSize: size, option: nil)
        lastChanges =
            keepsIdentities
            ? FrameChanges(
                old: index, oldTops: sectionTops, newFrames: frames, from: start, newTops: placement.tops,
                hasHeaders: metrics.headerHeight > 0)
            : FrameChanges(everything: starts.last!, sections: starts.count - 1, hasHeaders: metrics.headerHeight > 0)
        if start == 0 {
            index = SpatialIndex(frames: frames)
        } else {
            index.replaceFrames(from: start, with: frames)
            swap(&frames, &tailScratch)
        }
        sectionStarts = starts
        sectionTops = placement.tops
        sectionBottoms = placement.bottoms
        self.columnWidth = columnWidth
        preparedWidth = width
        contentSize = size
        needsData = false
        keptPrefix = 0
        firstChanged = nil
        context.reportProgress(1)
    }

    /// The bytes the prepared layout keeps: the cells' index, their heights, the section tops and bottoms.
    public var byteCount: Int {
        index.byteCount + heights.count * 8 + (sectionStarts.count + sectionTops.count + sectionBottoms.count) * 8
    }

    public var numberOfElements: Int? { index.count + (metrics.headerHeight > 0 ? sectionTops.count : 0) }

    public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        hits.removeAll(keepingCapacity: true)
        index.indices(intersecting: rect, into: &hits)
        var section = 0
        for global in hits {
            while sectionStarts[section + 1] <= global { section += 1 }
            result.append(
                LayoutAttributes(
                    element: .cell(section, global - sectionStarts[section]), frame: index.frame(at: global)))
        }
        guard metrics.headerHeight > 0 else { return }
        // Headers run top to bottom: the first that ends below the rect's top, then on.
        var low = 0, high = sectionTops.count
        while low < high {
            let middle = (low + high) / 2
            if sectionTops[middle] + metrics.headerHeight > rect.minY { high = middle } else { low = middle + 1 }
        }
        for section in low..<sectionTops.count {
            let frame = headerFrame(section)
            guard frame.minY < rect.maxY else { break }
            if frame.intersects(rect) { result.append(headerAttributes(section, frame)) }
        }
    }

    public func attributes(for element: ElementID) -> LayoutAttributes? {
        let (section, item) = (element.path.section, element.path.item)
        guard section >= 0, section < sectionTops.count else { return nil }
        switch (element.category, element.kind) {
        case (.cell, nil):
            guard item >= 0, item < sectionStarts[section + 1] - sectionStarts[section] else { return nil }
            return LayoutAttributes(element: element, frame: index.frame(at: sectionStarts[section] + item))
        case (.supplementary, Self.header?):
            return item == 0 && metrics.headerHeight > 0 ? headerAttributes(section, headerFrame(section)) : nil
        default:
            return nil
        }
    }

    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.width != preparedWidth
    }

    /// A width change makes everything stale: the columns, and the preferred sizes measured
    /// for the old width. So does new data the layout was not told about in a batch.
    public func invalidate(_ invalidation: Invalidation) {
        guard !invalidation.isDisjoint(with: [.everything, .data]) else { return }
        needsData = true
        keptPrefix = 0
        preferredHeights = [:]
    }

    /// Items before the first one a batch changes keep their heights and frames.
    public func prepare(forUpdates batch: UpdateBatch) {
        needsData = true
        keptPrefix = batch.unchangedPrefix
        preferredHeights = Self.moved(preferredHeights, by: batch)
    }

    private func headerFrame(_ section: Int) -> Rect {
        Rect(
            x: metrics.insets.left, y: sectionTops[section],
            width: preparedWidth! - metrics.insets.left - metrics.insets.right,
            height: metrics.headerHeight)
    }

    private func headerAttributes(_ section: Int, _ frame: Rect) -> LayoutAttributes {
        LayoutAttributes(element: .supplementary(Self.header, section, 0), frame: frame, zIndex: 1)
    }
}

extension WaterfallLayout {
    /// Preferred heights carried through a batch update: a moved item keeps its own, a
    /// deleted or reloaded one loses it. O(preferred · log runs).
    static func moved(_ heights: [ItemPath: Double], by batch: UpdateBatch) -> [ItemPath: Double] {
        var moved: [ItemPath: Double] = [:]
        for (path, height) in heights where path.section < batch.oldSectionStarts.count - 1 {
            let old = Int(batch.oldSectionStarts[path.section]) + path.item
            guard old < Int(batch.oldSectionStarts[path.section + 1]), let new = batch.newIndex(ofOld: old) else {
                continue
            }
            var low = 0, high = batch.newSectionStarts.count - 1  // the last section starting at or before `new`
            while high - low > 1 {
                let middle = (low + high) / 2
                if Int(batch.newSectionStarts[middle]) <= new { low = middle } else { high = middle }
            }
            moved[ItemPath(section: low, item: new - Int(batch.newSectionStarts[low]))] = height
        }
        return moved
    }
}
