import LayoutKit

/// A class hierarchy drawn as a tree growing rightwards (seed 000, "Custom Layouts: A Worked
/// Example"): one column per depth, connector views from each parent to its children.
///
/// Data: a `tree` source (section d = the nodes at depth d, children grouped by parent).
/// Options: `itemSize` (120 × 40), `insets` (10 each).
/// A node occupies one row if it is a leaf, else the rows of its children; a child sits at
/// its parent's row plus the rows of its earlier siblings, as the seed's back-to-front framing
/// gives. Prepare is O(n); rect queries are O(log n + k) through two `SpatialIndex`es.
/// Bounds changes never invalidate it.
public final class TreeLayout: LayoutPlugin {
    public static let connector = "connector"
    public static let info = PluginInfo(
        name: "tree", version: "1.0.0",
        summary: "A hierarchy as columns by depth with connectors from parents to children (seed: class hierarchy)",
        kinds: [ElementKind(connector, .supplementary)],
        options: ["itemSize", "insets"])

    let itemSize: Size
    let insets: EdgeInsets
    private var data = DataSet.empty.source
    private var cells = SpatialIndex(frames: [])
    private var connectors = SpatialIndex(frames: [])
    /// For each connector, the global index of its node (ascending).
    private var connectorNodes: [Int32] = []
    private var hits: [Int] = []
    public private(set) var contentSize = Size.zero

    public init(options: Options) throws(LayoutError) {
        var options = options
        itemSize = try options.size("itemSize", default: Size(width: 120, height: 40))
        insets = try options.insets("insets", default: EdgeInsets(all: 10))
        try options.rejectUnknownKeys()
    }

    public func prepare(_ context: LayoutContext) throws(LayoutError) {
        let data = context.dataSource
        guard data.isTree || data.numberOfItems == 0 else {
            throw .data(item: nil, field: nil, message: "tree lays out a 'tree' source; this one has no children")
        }
        let placement = try TreePlacement(data, itemSize: itemSize, insets: insets, isCancelled: { context.isCancelled })
        let size = Size(width: Double(data.numberOfSections) * (itemSize.width + insets.left + insets.right),
                        height: Double(placement.totalRows) * (itemSize.height + insets.top + insets.bottom))
        let blamed = insets.left + insets.right + insets.top + insets.bottom > itemSize.width + itemSize.height ? "insets" : "itemSize"
        try CoordinateCheck.check(placement.cells, contentSize: size, option: blamed)
        try CoordinateCheck.check(placement.connectors, contentSize: size, option: blamed)
        self.data = data
        cells = SpatialIndex(frames: placement.cells)
        connectors = SpatialIndex(frames: placement.connectors)
        connectorNodes = placement.connectorNodes
        contentSize = size
    }

    public var numberOfElements: Int? { cells.count + connectors.count }

    public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        hits.removeAll(keepingCapacity: true)
        cells.indices(intersecting: rect, into: &hits)
        for node in hits { result.append(cellAttributes(node)) }
        hits.removeAll(keepingCapacity: true)
        connectors.indices(intersecting: rect, into: &hits)
        for connector in hits { result.append(connectorAttributes(connector)) }
    }

    public func attributes(for element: ElementID) -> LayoutAttributes? {
        let path = element.path
        guard path.section >= 0, path.section < data.numberOfSections,
              path.item >= 0, path.item < data.numberOfItems(inSection: path.section) else { return nil }
        let node = data.globalIndex(of: path)
        switch (element.category, element.kind) {
        case (.cell, _): return cellAttributes(node)
        case (.supplementary, Self.connector?):
            return connectorIndex(ofNode: node).map(connectorAttributes)
        default: return nil
        }
    }

    /// The bytes the prepared layout keeps, in its two indexes and the connector table.
    public var indexByteCount: Int { cells.byteCount + connectors.byteCount + connectorNodes.count * 4 }

    private func cellAttributes(_ node: Int) -> LayoutAttributes {
        let path = data.itemPath(ofGlobalIndex: node)
        let children = data.childIndices(ofGlobalIndex: node).map { child -> Value in
            let childPath = data.itemPath(ofGlobalIndex: child)
            return [.number(Double(childPath.section)), .number(Double(childPath.item))]
        }
        return LayoutAttributes(element: .cell(path.section, path.item), frame: cells.frames[node],
                                extra: ["children": .list(children)])
    }

    private func connectorAttributes(_ connector: Int) -> LayoutAttributes {
        let path = data.itemPath(ofGlobalIndex: Int(connectorNodes[connector]))
        return LayoutAttributes(element: .supplementary(Self.connector, path.section, path.item), frame: connectors.frames[connector])
    }

    /// The connector of a node, if it has children (binary search).
    private func connectorIndex(ofNode node: Int) -> Int? {
        var low = 0, high = connectorNodes.count
        while low < high {
            let middle = (low + high) / 2
            if Int(connectorNodes[middle]) < node { low = middle + 1 } else { high = middle }
        }
        return low < connectorNodes.count && Int(connectorNodes[low]) == node ? low : nil
    }
}
