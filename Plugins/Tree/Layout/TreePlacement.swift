import LayoutKit

/// Where a tree's nodes go, as the seed's back-to-front framing places them: a leaf takes one
/// row, a parent the rows of its children; roots are stacked, and a child starts at its
/// parent's row plus its earlier siblings' rows.
///
/// Frames are not kept: a cell's follows from its section and row, a connector's from its
/// node's row and its last child's row. Each node is one 16-byte record, so that a query
/// finds everything about the visible nodes of a column in the same few cache lines. Within a
/// section, rows strictly increase with the item, and so does each node's bottom row (its
/// last child's row, or its own): a column's visible nodes are found by search.
///
/// O(n) in two passes: backwards for each node's row count (children always come after their
/// parents), then forwards giving each node's children their rows.
struct TreePlacement {
    /// One node: its row, the row its connector reaches (its own when it has no children),
    /// and its children as a global range when they are consecutive (as tree sources give them).
    struct Node {
        var row: Int32
        var lastChildRow: Int32
        var firstChild: Int32
        var childCount: Int32
    }

    /// Every node, by global index.
    private(set) var nodes: [Node] = []
    /// The `lastChildRow` of every `sampleStride`-th node (global index `s · sampleStride`):
    /// 1/8 of a byte... a few hundred KB at 10^6 nodes, small enough to stay in cache, so that
    /// a query's search in a column starts from two samples around its answer instead of
    /// from a guess over the whole column (cold probes into the nodes cost a cache miss each).
    private(set) var bottomSamples: [Int32] = []
    static let sampleStride = 32
    /// How many nodes have children (one connector each).
    private(set) var parentCount = 0
    private(set) var totalRows = 0
    /// Whether every node's children are consecutive items, so that `firstChild` and
    /// `childCount` describe them; otherwise the data source must be asked.
    private(set) var childrenAreConsecutive = true

    init() {}

    init(_ data: DataSource, isCancelled: () -> Bool, progress: (Double) -> Void = { _ in }) throws(LayoutError) {
        let count = data.numberOfItems
        guard count < Int(Int32.max) else {
            throw .data(item: nil, field: nil, message: "a tree of \(count) nodes is too large")
        }
        var spans = [Int32](repeating: 1, count: count)
        try spans.withUnsafeMutableBufferPointer { spans throws(LayoutError) in
            for node in stride(from: count - 1, through: 0, by: -1) {
                if node & 0xFFFF == 0 {
                    if isCancelled() { throw .cancelled }
                    progress(0.5 * Double(count - node) / Double(count))  // the first of two passes
                }
                let children = data.childIndices(ofGlobalIndex: node)
                guard !children.isEmpty else { continue }
                var span = 0
                for child in children {
                    guard child > node, child < count else {
                        throw .data(
                            item: data.itemPath(ofGlobalIndex: node), field: "children",
                            message: "a child must come after its parent, in a later section")
                    }
                    span += Int(spans[child])
                }
                guard span <= count else {  // in a tree, a span counts leaves: at most `count`
                    throw .data(
                        item: data.itemPath(ofGlobalIndex: node), field: "children",
                        message: "a node is the child of more than one parent")
                }
                spans[node] = Int32(span)
            }
        }
        var nodes = [Node](repeating: Node(row: 0, lastChildRow: 0, firstChild: 0, childCount: 0), count: count)
        var parentCount = 0, totalRows: Int32 = 0, consecutive = true
        nodes.withUnsafeMutableBufferPointer { nodes in
            spans.withUnsafeBufferPointer { spans in
                for root in 0..<(data.numberOfSections > 0 ? data.numberOfItems(inSection: 0) : 0) {
                    nodes[root].row = totalRows
                    nodes[root].lastChildRow = totalRows
                    totalRows += spans[root]
                }
                for node in 0..<count {
                    let children = data.childIndices(ofGlobalIndex: node)
                    guard let first = children.first else { continue }
                    var childRow = nodes[node].row
                    for (offset, child) in children.enumerated() {
                        nodes[child].row = childRow
                        nodes[child].lastChildRow = childRow
                        childRow += spans[child]
                        if child != first + offset { consecutive = false }
                    }
                    nodes[node].lastChildRow = nodes[children[children.endIndex - 1]].row
                    nodes[node].firstChild = Int32(first)
                    nodes[node].childCount = Int32(children.count)
                    parentCount += 1
                }
            }
        }
        self.nodes = nodes
        bottomSamples = stride(from: 0, to: count, by: Self.sampleStride).map { nodes[$0].lastChildRow }
        self.parentCount = parentCount
        self.totalRows = Int(totalRows)
        childrenAreConsecutive = consecutive
    }

    /// The bytes kept: one record a node, and the samples.
    var byteCount: Int { nodes.count * MemoryLayout<Node>.stride + bottomSamples.count * MemoryLayout<Int32>.stride }
}
