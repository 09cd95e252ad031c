import LayoutKit

/// Seed 000's class-hierarchy layout, kept faithful as a yardstick: attributes objects (cells
/// with their `children`, and connectors) cached in dictionaries by kind; frames set back to
/// front — each section's items stacked by their row counts, then every parent recursively
/// moving its children (and their connectors) to line up with it; a linear scan per query.
public final class ReferenceTreeLayout: Layout {
    let itemSize: Size
    let insets: EdgeInsets
    var layoutInformation: [String: [ItemPath: AttributesObject]] = [:]
    var maxNumRows = 0
    var numberOfSections = 0
    var data = DataSet.empty.source

    public init(itemSize: Size = Size(width: 120, height: 40), insets: EdgeInsets = EdgeInsets(all: 10)) {
        self.itemSize = itemSize
        self.insets = insets
    }

    public var contentSize: Size {
        Size(
            width: Double(numberOfSections) * (itemSize.width + insets.left + insets.right),
            height: Double(maxNumRows) * (itemSize.height + insets.top + insets.bottom))
    }

    public func prepare(_ context: LayoutContext) throws(LayoutError) {
        data = context.dataSource
        numberOfSections = data.numberOfSections
        var cellInformation: [ItemPath: AttributesObject] = [:]
        var connectorInformation: [ItemPath: AttributesObject] = [:]
        // First pass: an attributes object per cell, with its children's index paths.
        for section in 0..<numberOfSections {
            for item in 0..<data.numberOfItems(inSection: section) {
                let indexPath = ItemPath(section: section, item: item)
                let children = data.children(of: indexPath)
                let childList = Value.list(children.map { [.number(Double($0.section)), .number(Double($0.item))] })
                cellInformation[indexPath] = AttributesObject(
                    LayoutAttributes(
                        element: .cell(section, item), frame: .zero,
                        extra: ["children": childList]))
                if !children.isEmpty {
                    connectorInformation[indexPath] = AttributesObject(
                        LayoutAttributes(element: .supplementary("connector", section, item), frame: .zero))
                }
            }
        }
        // Second pass, back to front.
        for section in stride(from: numberOfSections - 1, through: 0, by: -1) {
            var totalHeight = 0
            for item in 0..<data.numberOfItems(inSection: section) {
                let indexPath = ItemPath(section: section, item: item)
                cellInformation[indexPath]!.attributes.frame = frameForCell(at: indexPath, row: totalHeight)
                adjustFramesOfChildrenAndConnectors(
                    for: indexPath, row: totalHeight, cells: &cellInformation, connectors: &connectorInformation)
                totalHeight += numRowsForClassAndChildren(at: indexPath)
            }
            if section == 0 { maxNumRows = totalHeight }
        }
        if numberOfSections == 0 { maxNumRows = 0 }
        layoutInformation = ["MyCellKind": cellInformation, "connector": connectorInformation]
    }

    public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        var hits: [LayoutAttributes] = []
        for (_, attributesDict) in layoutInformation {
            for (_, object) in attributesDict where object.attributes.frame.intersects(rect) {
                hits.append(object.attributes)
            }
        }
        hits.sort { $0.element < $1.element }
        result.append(contentsOf: hits)
    }

    public func attributes(for element: ElementID) -> LayoutAttributes? {
        switch element.category {
        case .cell: return layoutInformation["MyCellKind"]?[element.path]?.attributes
        case .supplementary: return layoutInformation[element.kind ?? ""]?[element.path]?.attributes
        case .decoration: return nil
        }
    }

    private func frameForCell(at indexPath: ItemPath, row: Int) -> Rect {
        Rect(
            x: Double(indexPath.section) * (itemSize.width + insets.left + insets.right) + insets.left,
            y: Double(row) * (itemSize.height + insets.top + insets.bottom) + insets.top,
            width: itemSize.width, height: itemSize.height)
    }

    /// Moves the node's children (recursively) to start at its row, and sizes its connector.
    private func adjustFramesOfChildrenAndConnectors(
        for indexPath: ItemPath, row: Int, cells: inout [ItemPath: AttributesObject],
        connectors: inout [ItemPath: AttributesObject]
    ) {
        var childRow = row
        let children = data.children(of: indexPath)
        for child in children {
            cells[child]!.attributes.frame = frameForCell(at: child, row: childRow)
            adjustFramesOfChildrenAndConnectors(for: child, row: childRow, cells: &cells, connectors: &connectors)
            childRow += numRowsForClassAndChildren(at: child)
        }
        if let last = children.last {
            let cell = cells[indexPath]!.attributes.frame
            let lastChildRow = childRow - numRowsForClassAndChildren(at: last)
            connectors[indexPath]!.attributes.frame = Rect(
                x: cell.maxX, y: cell.minY, width: insets.left + insets.right,
                height: Double(lastChildRow - row) * (itemSize.height + insets.top + insets.bottom) + itemSize.height)
        }
    }

    /// The data source protocol's `numRowsForClassAndChildrenAtIndexPath:`, recursively.
    private func numRowsForClassAndChildren(at indexPath: ItemPath) -> Int {
        let children = data.children(of: indexPath)
        return children.isEmpty ? 1 : children.reduce(0) { $0 + numRowsForClassAndChildren(at: $1) }
    }
}
