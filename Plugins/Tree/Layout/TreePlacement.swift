import LayoutKit

/// The frames of a tree's cells and connectors, placed as the seed's back-to-front framing
/// does: a leaf takes one row, a parent the rows of its children; roots are stacked, and a
/// child starts at its parent's row plus its earlier siblings' rows.
///
/// O(n) in two passes: backwards for each node's row count (children always come after their
/// parents), then forwards giving each node's children their rows while writing its frames.
struct TreePlacement {
    /// One frame per node, by global index.
    private(set) var cells: [Rect] = []
    private(set) var connectors: [Rect] = []
    /// For each connector, its node's global index (ascending).
    private(set) var connectorNodes: [Int32] = []
    private(set) var totalRows = 0

    init(_ data: DataSource, itemSize: Size, insets: EdgeInsets, isCancelled: () -> Bool) throws(LayoutError) {
        let count = data.numberOfItems
        var spans = [Int32](repeating: 1, count: count)
        try spans.withUnsafeMutableBufferPointer { spans throws(LayoutError) in
            for node in stride(from: count - 1, through: 0, by: -1) {
                if node & 0xFFFF == 0, isCancelled() { throw .cancelled }
                let children = data.childIndices(ofGlobalIndex: node)
                guard !children.isEmpty else { continue }
                var span: Int32 = 0
                for child in children {
                    guard child > node, child < count else {
                        throw .data(item: data.itemPath(ofGlobalIndex: node), field: "children",
                                    message: "a child must come after its parent, in a later section")
                    }
                    span += spans[child]
                }
                spans[node] = span
            }
        }
        let columnWidth = itemSize.width + insets.left + insets.right
        let rowHeight = itemSize.height + insets.top + insets.bottom
        var rows = [Int32](repeating: 0, count: count)
        var cells: [Rect] = []
        cells.reserveCapacity(count)
        var connectors: [Rect] = [], connectorNodes: [Int32] = []
        var totalRows: Int32 = 0
        let roots = data.numberOfSections > 0 ? data.numberOfItems(inSection: 0) : 0
        for root in 0..<roots {
            rows[root] = totalRows
            totalRows += spans[root]
        }
        rows.withUnsafeMutableBufferPointer { rows in
            for section in 0..<data.numberOfSections {
                let x = Double(section) * columnWidth + insets.left
                let start = data.globalIndex(ofSection: section)
                for node in start..<(start + data.numberOfItems(inSection: section)) {
                    let row = rows[node]
                    let cell = Rect(x: x, y: Double(row) * rowHeight + insets.top, width: itemSize.width, height: itemSize.height)
                    cells.append(cell)
                    let children = data.childIndices(ofGlobalIndex: node)
                    guard !children.isEmpty else { continue }
                    var childRow = row
                    for child in children {
                        rows[child] = childRow
                        childRow += spans[child]
                    }
                    let lastRow = Double(childRow - spans[children[children.endIndex - 1]])
                    connectors.append(Rect(x: cell.maxX, y: cell.minY, width: insets.left + insets.right,
                                           height: (lastRow - Double(row)) * rowHeight + itemSize.height))
                    connectorNodes.append(Int32(node))
                }
            }
        }
        self.cells = cells
        self.connectors = connectors
        self.connectorNodes = connectorNodes
        self.totalRows = Int(totalRows)
    }
}
