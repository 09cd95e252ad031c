/// A static spatial index over frames: a packed R-tree that finds the frames intersecting a
/// rectangle in O(log n + k) for layouts whose frames do not pile up.
///
/// Build cost: O(n) when frames come in a spatially coherent order (`.asGiven`: items in
/// reading order, as most layouts produce them), O(n log n) otherwise (`.sortTileRecursive`).
/// Memory: the frames (32 bytes each), a 4-byte permutation when sorted, and about 1/15 of
/// the frames again for node boxes; no per-element objects.
public struct SpatialIndex: Sendable {
    /// How frames are grouped into nodes.
    public enum Packing: Sendable {
        /// Consecutive frames share a node; best when the order is already spatially coherent.
        case asGiven
        /// Sort-tile-recursive packing, for frames in any order.
        case sortTileRecursive
    }

    /// Entries per node.
    static let fanout = 16

    /// The frames, by element index (as given to `init`).
    public let frames: [Rect]
    /// Leaf order → element index; nil when packed as given.
    private let order: [Int32]?
    /// Node boxes: `levels[0]` one per leaf of `fanout` frames, each next level one per
    /// `fanout` boxes below, up to a last level of at most `fanout` boxes.
    private let levels: [[Rect]]

    public init(frames: [Rect], packing: Packing = .asGiven) {
        precondition(frames.count < Int(Int32.max), "too many frames for one index")
        self.frames = frames
        let order = packing == .sortTileRecursive ? Self.sortTileRecursiveOrder(frames) : nil
        self.order = order
        var levels: [[Rect]] = []
        var boxes = Self.boxes(count: frames.count) { position in
            order.map { frames[Int($0[position])] } ?? frames[position]
        }
        levels.append(boxes)
        while boxes.count > Self.fanout {
            let below = boxes
            boxes = Self.boxes(count: below.count) { below[$0] }
            levels.append(boxes)
        }
        self.levels = levels
    }

    public var count: Int { frames.count }

    /// The bytes the index holds: frames, permutation and node boxes.
    public var byteCount: Int {
        frames.count * MemoryLayout<Rect>.stride + (order?.count ?? 0) * 4
            + levels.reduce(0) { $0 + $1.count * MemoryLayout<Rect>.stride }
    }

    /// Appends the indices of the frames intersecting `rect` to `result`, ascending.
    public func indices(intersecting rect: Rect, into result: inout [Int]) {
        guard let top = levels.last else { return }
        let start = result.count
        for node in top.indices where top[node].intersects(rect) {
            visit(level: levels.count - 1, node: node, rect: rect, into: &result)
        }
        if !result[start...].isSorted { result[start...].sort() }
    }

    /// The indices of the frames intersecting `rect`, ascending.
    public func indices(intersecting rect: Rect) -> [Int] {
        var result: [Int] = []
        indices(intersecting: rect, into: &result)
        return result
    }

    private func visit(level: Int, node: Int, rect: Rect, into result: inout [Int]) {
        let first = node * Self.fanout
        if level == 0 {
            for position in first..<min(first + Self.fanout, frames.count) {
                let index = order.map { Int($0[position]) } ?? position
                if frames[index].intersects(rect) { result.append(index) }
            }
            return
        }
        let below = levels[level - 1]
        for child in first..<min(first + Self.fanout, below.count) where below[child].intersects(rect) {
            visit(level: level - 1, node: child, rect: rect, into: &result)
        }
    }

    /// One bounding box per run of `fanout` consecutive entries.
    private static func boxes(count: Int, entry: (Int) -> Rect) -> [Rect] {
        var boxes: [Rect] = []
        boxes.reserveCapacity((count + fanout - 1) / fanout)
        var start = 0
        while start < count {
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            for index in start..<min(start + fanout, count) {
                let frame = entry(index)
                minX = min(minX, frame.minX)
                minY = min(minY, frame.minY)
                maxX = max(maxX, frame.maxX)
                maxY = max(maxY, frame.maxY)
            }
            boxes.append(Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
            start += fanout
        }
        return boxes
    }

    /// Sort-tile-recursive: vertical slices by centre x, each sorted by centre y.
    private static func sortTileRecursiveOrder(_ frames: [Rect]) -> [Int32] {
        var order = (0..<Int32(frames.count)).sorted { frames[Int($0)].midX < frames[Int($1)].midX }
        let leaves = (frames.count + fanout - 1) / fanout
        let sliceSize = max(1, Int(Double(leaves).squareRoot().rounded(.up))) * fanout
        var start = 0
        while start < order.count {
            let end = min(start + sliceSize, order.count)
            order[start..<end].sort { frames[Int($0)].midY < frames[Int($1)].midY }
            start = end
        }
        return order
    }
}

extension ArraySlice where Element: Comparable {
    fileprivate var isSorted: Bool {
        var previous: Element?
        for element in self {
            if let previous, element < previous { return false }
            previous = element
        }
        return true
    }
}
