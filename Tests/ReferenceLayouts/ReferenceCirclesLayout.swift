import LayoutKit

/// Seed 001's `CirclesLayout`, kept faithful as a yardstick for tests and benchmarks:
/// attributes objects cached in a dictionary by `prepareLayout`, each circle moved 5 points
/// at a time while it is too close to one of its last 4 predecessors, and a linear scan of
/// every cached object per rect query.
public final class ReferenceCirclesLayout: Layout {
    let insets: EdgeInsets
    let step: Double
    let spacing: Double
    let predecessors: Int
    var layoutInfo: [ItemPath: AttributesObject] = [:]
    var contentHeight = 0.0
    var width = 0.0

    public init(insets: EdgeInsets = EdgeInsets(all: 20), step: Double = 5, spacing: Double = 10, predecessors: Int = 4)
    {
        self.insets = insets
        self.step = step
        self.spacing = spacing
        self.predecessors = predecessors
    }

    public var contentSize: Size { Size(width: width, height: contentHeight) }

    public func prepare(_ context: LayoutContext) throws(LayoutError) {
        width = context.bounds.width
        var newLayoutInfo: [ItemPath: AttributesObject] = [:]
        contentHeight = insets.top
        var initialX = insets.left, initialY = insets.top
        let itemCount = context.dataSource.numberOfSections == 0 ? 0 : context.dataSource.numberOfItems(inSection: 0)
        for item in 0..<itemCount {
            let indexPath = ItemPath(section: 0, item: item)
            let size = context.dataSource.number(at: indexPath, field: "size") ?? 0
            // frameForCircleAtIndexPath:layoutInfo:
            var originX = initialX, originY = initialY
            var circle = Rect(x: originX, y: originY, width: size, height: size)
            while !distanceCondition(circle, item: item, layoutInfo: newLayoutInfo) {
                originX += step
                if originX + size + insets.right > width {
                    originX = insets.left
                    originY += step
                }
                circle = Rect(x: originX, y: originY, width: size, height: size)
            }
            initialX = originX + size / 2
            initialY = originY
            newLayoutInfo[indexPath] = AttributesObject(LayoutAttributes(element: .cell(0, item), frame: circle))
            contentHeight = max(contentHeight, circle.maxY)
        }
        contentHeight += insets.bottom
        layoutInfo = newLayoutInfo
    }

    public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        layoutInfo.scan(rect, into: &result)
    }

    public func attributes(for element: ElementID) -> LayoutAttributes? {
        element.category == .cell ? layoutInfo[element.path]?.attributes : nil
    }

    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.width != width
    }

    private func distanceCondition(_ circle: Rect, item: Int, layoutInfo: [ItemPath: AttributesObject]) -> Bool {
        var condition = true
        for offset in stride(from: 1, through: min(item, predecessors), by: 1) {
            let other = layoutInfo[ItemPath(section: 0, item: max(item - offset, 0))]!.attributes.frame
            condition = condition && distance(between: circle, and: other, isLargerThan: spacing)
        }
        return condition
    }

    private func distance(between circle1: Rect, and circle2: Rect, isLargerThan delta: Double) -> Bool {
        let r1 = circle1.width / 2, cx1 = circle1.minX + r1, cy1 = circle1.minY + r1
        let r2 = circle2.width / 2, cx2 = circle2.minX + r2, cy2 = circle2.minY + r2
        let d = ((cx1 - cx2) * (cx1 - cx2) + (cy1 - cy2) * (cy1 - cy2)).squareRoot()
        return d >= r1 + r2 + delta
    }
}
