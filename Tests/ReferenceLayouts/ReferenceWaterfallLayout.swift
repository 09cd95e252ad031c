import LayoutKit

/// CHTCollectionViewWaterfallLayout's `prepareLayout` and rect query, kept faithful as a
/// yardstick (with issue 19's exact rules: no pixel flooring): an attributes object per item
/// and header cached in prepare, every item placed into the shortest column (or round robin),
/// and a rect query that scans the union rects of blocks of 20 objects, then the objects of
/// the blocks that intersect.
public final class ReferenceWaterfallLayout: Layout {
    let columnCount: Int
    let spacing: Double
    let insets: EdgeInsets
    let headerHeight: Double
    let isRoundRobin: Bool
    var allItemAttributes: [AttributesObject] = []
    var sectionItemAttributes: [[AttributesObject]] = []
    var headersAttributes: [Int: AttributesObject] = [:]
    var unionRects: [Rect] = []
    var width = 0.0, contentHeight = 0.0
    static let unionSize = 20

    public init(
        columns: Int = 2, spacing: Double = 8, insets: EdgeInsets = EdgeInsets(all: 8), headerHeight: Double = 0,
        roundRobin: Bool = false
    ) {
        columnCount = columns
        self.spacing = spacing
        self.insets = insets
        self.headerHeight = headerHeight
        isRoundRobin = roundRobin
    }

    public var contentSize: Size { Size(width: width, height: contentHeight) }

    public func prepare(_ context: LayoutContext) throws(LayoutError) {
        let data = context.dataSource
        width = context.bounds.width
        allItemAttributes = []
        sectionItemAttributes = []
        headersAttributes = [:]
        unionRects = []
        let itemWidth = (width - insets.left - insets.right - Double(columnCount - 1) * spacing) / Double(columnCount)
        var top = insets.top
        var bottom = insets.top
        for section in 0..<data.numberOfSections {
            if headerHeight > 0 {
                let header = AttributesObject(
                    LayoutAttributes(
                        element: .supplementary("header", section, 0),
                        frame: Rect(
                            x: insets.left, y: top, width: width - insets.left - insets.right, height: headerHeight),
                        zIndex: 1))
                headersAttributes[section] = header
                allItemAttributes.append(header)
                top += headerHeight + spacing
            }
            var columnHeights = [Double](repeating: top, count: columnCount)
            var itemAttributes: [AttributesObject] = []
            let itemCount = data.numberOfItems(inSection: section)
            for item in 0..<itemCount {
                let path = ItemPath(section: section, item: item)
                let height = data.number(at: path, field: "height") ?? 0
                let column = nextColumnIndex(forItem: item, columnHeights: columnHeights)
                let object = AttributesObject(
                    LayoutAttributes(
                        element: .cell(section, item),
                        frame: Rect(
                            x: insets.left + (itemWidth + spacing) * Double(column), y: columnHeights[column],
                            width: itemWidth, height: height)))
                itemAttributes.append(object)
                allItemAttributes.append(object)
                columnHeights[column] += height + spacing
            }
            sectionItemAttributes.append(itemAttributes)
            bottom = itemCount > 0 ? columnHeights.max()! - spacing : (headerHeight > 0 ? top - spacing : top)
            top = bottom + spacing
        }
        contentHeight = bottom + insets.bottom
        var index = 0
        while index < allItemAttributes.count {
            var union = allItemAttributes[index].attributes.frame
            for other in allItemAttributes[index..<min(index + Self.unionSize, allItemAttributes.count)] {
                let frame = other.attributes.frame
                let minX = min(union.minX, frame.minX), minY = min(union.minY, frame.minY)
                union = Rect(
                    x: minX, y: minY, width: max(union.maxX, frame.maxX) - minX,
                    height: max(union.maxY, frame.maxY) - minY)
            }
            unionRects.append(union)
            index += Self.unionSize
        }
    }

    private func nextColumnIndex(forItem item: Int, columnHeights: [Double]) -> Int {
        if isRoundRobin { return item % columnCount }
        var index = 0
        for column in 1..<columnCount where columnHeights[column] < columnHeights[index] { index = column }
        return index
    }

    public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        var begin = 0, end = unionRects.count
        if let first = unionRects.firstIndex(where: { $0.intersects(rect) }) {
            begin = first * Self.unionSize
        } else {
            return
        }
        if let last = unionRects.lastIndex(where: { $0.intersects(rect) }) {
            end = min((last + 1) * Self.unionSize, allItemAttributes.count)
        }
        var hits: [LayoutAttributes] = []
        for object in allItemAttributes[begin..<end] where object.attributes.frame.intersects(rect) {
            hits.append(object.attributes)
        }
        hits.sort { $0.element < $1.element }
        result.append(contentsOf: hits)
    }

    public func attributes(for element: ElementID) -> LayoutAttributes? {
        let (section, item) = (element.path.section, element.path.item)
        if element.category == .supplementary {
            return element.kind == "header" && item == 0 ? headersAttributes[section]?.attributes : nil
        }
        guard element.category == .cell, section >= 0, section < sectionItemAttributes.count, item >= 0,
            item < sectionItemAttributes[section].count
        else { return nil }
        return sectionItemAttributes[section][item].attributes
    }

    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.width != width
    }
}
