import LayoutKit

/// The row of every node: leaves take one row, parents the rows of their children; roots are
/// stacked, and a child starts at its parent's row plus its earlier siblings' rows.
///
/// O(n): one pass from the last node back (children always come after their parents) for
/// the row counts, one pass forward for the rows.
struct TreePlacement {
    /// The row of each node, by global index.
    private(set) var rows: [Int]
    private(set) var totalRows = 0

    init(_ data: DataSource, isCancelled: () -> Bool) throws(LayoutError) {
        let count = data.numberOfItems
        var spans = [Int](repeating: 1, count: count)
        for node in stride(from: count - 1, through: 0, by: -1) {
            if node & 0xFFFF == 0, isCancelled() { throw .cancelled }
            let children = data.childIndices(ofGlobalIndex: node)
            guard !children.isEmpty else { continue }
            var span = 0
            for child in children {
                guard child > node, child < count else {
                    throw .data(item: data.itemPath(ofGlobalIndex: node), field: "children",
                                message: "a child must come after its parent, in a later section")
                }
                span += spans[child]
            }
            spans[node] = span
        }
        rows = [Int](repeating: 0, count: count)
        let roots = data.numberOfSections > 0 ? data.numberOfItems(inSection: 0) : 0
        for root in 0..<roots {
            rows[root] = totalRows
            totalRows += spans[root]
        }
        for node in 0..<count {
            var row = rows[node]
            for child in data.childIndices(ofGlobalIndex: node) {
                rows[child] = row
                row += spans[child]
            }
        }
    }
}
