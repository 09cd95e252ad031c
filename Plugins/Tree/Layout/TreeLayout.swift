import LayoutKit

/// A class hierarchy drawn as a tree growing rightwards (seed 000, "Custom Layouts: A Worked
/// Example"): one column per depth, connector views from each parent to its children.
///
/// Data: a `tree` source (section d = the nodes at depth d, children grouped by parent).
/// Options: `itemSize` (120 × 40), `insets` (10 each).
/// A node occupies one row if it is a leaf, else the rows of its children; a child sits at
/// its parent's row plus the rows of its earlier siblings, as the seed's back-to-front framing
/// gives. Prepare is O(n) and keeps 16 bytes a node (`TreePlacement`); a rect query searches
/// each visible column from an interpolated guess, O(c · log n + k) for c visible columns.
/// Bounds changes never invalidate it.
public final class TreeLayout: LayoutPlugin {
    public static let connector = "connector"
    public static let info = PluginInfo(
        name: "tree", version: "1.0.0",
        summary: "A hierarchy as columns by depth with connectors from parents to children (seed: class hierarchy)",
        kinds: [ElementKind(connector, .supplementary)],
        options: ["itemSize", "insets"], flipsHorizontally: true)

    let itemSize: Size
    let insets: EdgeInsets
    let columnWidth: Double
    let rowHeight: Double
    var data = DataSet.empty.source
    var placement = TreePlacement()
    /// Reused by every query: the visible cells and connectors, and the cells' `children` encoded.
    var cellHits: [Hit] = []
    var connectorHits: [Hit] = []
    var extraBytes: [UInt8] = []
    public private(set) var contentSize = Size.zero

    public init(options: Options) throws(LayoutError) {
        var options = options
        itemSize = try options.size("itemSize", default: Size(width: 120, height: 40))
        insets = try options.insets("insets", default: EdgeInsets(all: 10))
        try options.rejectUnknownKeys()
        columnWidth = itemSize.width + insets.left + insets.right
        rowHeight = itemSize.height + insets.top + insets.bottom
    }

    public func prepare(_ context: LayoutContext) throws(LayoutError) {
        let data = context.dataSource
        guard data.isTree || data.numberOfItems == 0 else {
            throw .data(item: nil, field: nil, message: "tree lays out a 'tree' source; this one has no children")
        }
        let placement = try TreePlacement(data, isCancelled: { context.isCancelled }, progress: context.reportProgress)
        let size = Size(
            width: Double(data.numberOfSections) * columnWidth, height: Double(placement.totalRows) * rowHeight)
        // Every coordinate lies between 0 and those of the last column's cell and connector
        // reaching the last row (sizes are positive, insets not negative): checking these two
        // checks them all, in O(1).
        let blamed =
            insets.left + insets.right + insets.top + insets.bottom > itemSize.width + itemSize.height
            ? "insets" : "itemSize"
        let lastRow = TreePlacement.Node(
            row: Int32(max(placement.totalRows - 1, 0)), lastChildRow: Int32(max(placement.totalRows - 1, 0)),
            firstChild: 0, childCount: 0)
        let extremes = [
            cellFrame(section: max(data.numberOfSections - 1, 0), lastRow),
            connectorFrame(
                section: max(data.numberOfSections - 1, 0),
                TreePlacement.Node(row: 0, lastChildRow: lastRow.row, firstChild: 0, childCount: 0)),
        ]
        try CoordinateCheck.check(extremes, contentSize: size, option: blamed)
        self.placement = placement
        self.data = data
        contentSize = size
    }

    public var numberOfElements: Int? { placement.nodes.count + placement.parentCount }

    public func attributes(for element: ElementID) -> LayoutAttributes? {
        let path = element.path
        guard path.section >= 0, path.section < data.numberOfSections,
            path.item >= 0, path.item < data.numberOfItems(inSection: path.section)
        else { return nil }
        let index = data.globalIndex(of: path)
        let node = placement.nodes[index]
        switch (element.category, element.kind) {
        case (.cell, _):
            var bytes = [UInt8](repeating: 0, count: Self.childrenByteCount(childCount(of: index, node)))
            bytes.withUnsafeMutableBytes {
                _ = writeChildren(of: index, node, section: path.section, in: data, into: $0, at: 0)
            }
            return LayoutAttributes(
                element: .cell(path.section, path.item), frame: cellFrame(section: path.section, node),
                extraFields: ExtraFields(encoded: bytes[...]))
        case (.supplementary, Self.connector?):
            guard node.childCount > 0 else { return nil }
            return LayoutAttributes(
                element: .supplementary(Self.connector, path.section, path.item),
                frame: connectorFrame(section: path.section, node))
        default: return nil
        }
    }

    /// The bytes the prepared layout keeps: one record a node.
    public var indexByteCount: Int { placement.byteCount }

    func cellFrame(section: Int, _ node: TreePlacement.Node) -> Rect {
        Rect(
            x: Double(section) * columnWidth + insets.left, y: Double(node.row) * rowHeight + insets.top,
            width: itemSize.width, height: itemSize.height)
    }

    func connectorFrame(section: Int, _ node: TreePlacement.Node) -> Rect {
        let cell = cellFrame(section: section, node)
        return Rect(
            x: cell.maxX, y: cell.minY, width: insets.left + insets.right,
            height: (Double(node.lastChildRow) - Double(node.row)) * rowHeight + itemSize.height)
    }
}
