import LayoutKit

/// Seed 004's TV-guide layout, kept faithful as a yardstick: every cell's attributes object
/// cached in a dictionary by prepare, with header cells moved to the content offset; every
/// bounds change invalidates and re-prepares everything; a linear scan per query.
public final class ReferenceGuideLayout: Layout {
    let cellWidth: Double, cellHeight: Double
    let durationField: String?, durationUnit: Double
    let snapInterval: Double
    var itemAttributes: [ItemPath: AttributesObject] = [:]
    var contentSizeValue = Size.zero
    var bounds = Rect.zero

    public init(
        cellSize: Size = Size(width: 100, height: 30), durationField: String? = nil, durationUnit: Double = 30,
        snapInterval: Double? = nil
    ) {
        cellWidth = cellSize.width
        cellHeight = cellSize.height
        self.durationField = durationField
        self.durationUnit = durationUnit
        self.snapInterval = snapInterval ?? cellSize.width
    }

    public var contentSize: Size { contentSizeValue }

    public func prepare(_ context: LayoutContext) throws(LayoutError) {
        let data = context.dataSource
        bounds = context.bounds
        var attributes: [ItemPath: AttributesObject] = [:]
        var contentWidth = 0.0
        for section in 0..<data.numberOfSections {
            var previousEnd = 0.0
            for item in 0..<data.numberOfItems(inSection: section) {
                let indexPath = ItemPath(section: section, item: item)
                var xPos = Double(item) * cellWidth
                var calculatedCellWidth = cellWidth
                if section > 0 && item > 0 {
                    if let durationField {
                        xPos = previousEnd
                        calculatedCellWidth =
                            (data.number(at: indexPath, field: durationField) ?? 0) / durationUnit * cellWidth
                    } else if section % 2 == 0 {
                        calculatedCellWidth = 2 * cellWidth
                        xPos = Double(item) * calculatedCellWidth - cellWidth
                    }
                }
                previousEnd = xPos + calculatedCellWidth
                var frame = Rect(
                    x: xPos, y: Double(section) * cellHeight, width: calculatedCellWidth, height: cellHeight)
                contentWidth = max(contentWidth, frame.maxX)
                var zIndex = 0
                if section == 0 && item == 0 {
                    frame.origin = bounds.origin
                    zIndex = 2
                } else if section == 0 {
                    frame.origin.y = bounds.origin.y
                    zIndex = 1
                } else if item == 0 {
                    frame.origin.x = bounds.origin.x
                    zIndex = 1
                }
                attributes[indexPath] = AttributesObject(
                    LayoutAttributes(element: .cell(section, item), frame: frame, zIndex: zIndex))
            }
        }
        itemAttributes = attributes
        contentSizeValue = Size(width: contentWidth, height: Double(data.numberOfSections) * cellHeight)
    }

    public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        itemAttributes.scan(rect, into: &result)
    }

    public func attributes(for element: ElementID) -> LayoutAttributes? {
        element.category == .cell ? itemAttributes[element.path]?.attributes : nil
    }

    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool { true }

    public func targetContentOffset(proposed: Point, velocity: Point) -> Point {
        let x = (proposed.x / snapInterval + 0.5).rounded(.down) * snapInterval
        return Point(
            x: min(max(0, x), max(0, contentSizeValue.width - bounds.width)),
            y: min(max(0, proposed.y), max(0, contentSizeValue.height - bounds.height)))
    }
}
