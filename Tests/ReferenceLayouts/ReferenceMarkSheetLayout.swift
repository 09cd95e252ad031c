import LayoutKit

/// The mark sheet (seed 002) laid out the way seed 003 recommends for caching layouts, as a
/// brute-force yardstick: every cell, header and separator made as an attributes object in
/// prepare with the seed's frame formulas, and a linear scan per query. (The seed's own
/// on-demand index arithmetic returns supersets and drops separators away from the row
/// headers; the contract asks for exact answers, which this gives by construction.)
public final class ReferenceMarkSheetLayout: Layout {
    let rowHeaderWidth: Double, rowHeight: Double, columnHeaderHeight: Double, separatorHeight: Double
    var objects: [ElementID: AttributesObject] = [:]
    var width = 0.0, rows = 0

    public init(
        rowHeaderWidth: Double = 100, rowHeight: Double = 50, columnHeaderHeight: Double = 40,
        separatorHeight: Double = 1
    ) {
        self.rowHeaderWidth = rowHeaderWidth
        self.rowHeight = rowHeight
        self.columnHeaderHeight = columnHeaderHeight
        self.separatorHeight = separatorHeight
    }

    public var contentSize: Size { Size(width: width, height: columnHeaderHeight + rowHeight * Double(rows)) }

    public func prepare(_ context: LayoutContext) throws(LayoutError) {
        let data = context.dataSource
        width = context.bounds.width
        rows = data.numberOfSections
        let columns = rows > 0 ? data.numberOfItems(inSection: 0) : (data.metadata["columns"]?.list?.count ?? 0)
        let columnWidth = columns > 0 ? (width - rowHeaderWidth) / Double(columns) : 0
        let titles = (data.metadata["columns"]?.list ?? [], data.metadata["rows"]?.list ?? [])
        var objects: [ElementID: AttributesObject] = [:]
        func add(_ element: ElementID, _ frame: Rect, zIndex: Int = 0, extra: [String: Value] = [:]) {
            objects[element] = AttributesObject(
                LayoutAttributes(element: element, frame: frame, zIndex: zIndex, extra: extra))
        }
        for column in 0..<columns {
            add(
                .supplementary("columnHeader", 0, column),
                Rect(
                    x: rowHeaderWidth + columnWidth * Double(column), y: 0, width: columnWidth,
                    height: columnHeaderHeight),
                extra: ["title": column < titles.0.count ? titles.0[column] : .string("Column \(column + 1)")])
        }
        for row in 0..<rows {
            let y = columnHeaderHeight + rowHeight * Double(row)
            for column in 0..<data.numberOfItems(inSection: row) {
                add(
                    .cell(row, column),
                    Rect(x: rowHeaderWidth + columnWidth * Double(column), y: y, width: columnWidth, height: rowHeight))
            }
            add(
                .supplementary("rowHeader", row, 0), Rect(x: 0, y: y, width: rowHeaderWidth, height: rowHeight),
                extra: ["title": row < titles.1.count ? titles.1[row] : .string("Row \(row + 1)")])
            add(.decoration("separator", row, 0), Rect(x: 0, y: y, width: width, height: separatorHeight), zIndex: 2)
        }
        self.objects = objects
    }

    public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        objects.scan(rect, into: &result)
    }

    public func attributes(for element: ElementID) -> LayoutAttributes? {
        objects[element]?.attributes
    }

    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.width != width
    }
}
