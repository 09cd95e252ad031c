/// A static spatial index over frames: a packed R-tree that finds the frames intersecting a
/// rectangle in O(log n + k) for layouts whose frames do not pile up.
///
/// Packings: `.asGiven` keeps the caller's order (O(n) to build; best when it is already
/// spatially coherent, as items in reading order are); `.hilbert` (O(n), a radix sort) and
/// `.sortTileRecursive` (O(n log n)) reorder frames of any shape — very tall, very wide,
/// sparse — into compact leaves. Memory: the frames (32 bytes each), node boxes (about 1/15
/// of the frames again), and for the reordering packings two 4-byte permutations; no
/// per-element objects.
///
/// Frames whose tops never rise in leaf order (rows emitted top to bottom, as most layouts
/// emit them) are also searched as a band: the first leaf reaching below the rect's top is
/// found from the leaves' running bottom (24 bytes a leaf with the running edges across),
/// and the frames walked from there while they start above the rect's bottom — O(log n + k)
/// with no descent, as long as the band's frames mostly meet the rect (see `walkBand`).
public struct SpatialIndex: Sendable {
    /// How frames are grouped into nodes.
    public enum Packing: Sendable, CaseIterable {
        /// Consecutive frames share a node; best when the order is already spatially coherent.
        case asGiven
        /// Sort-tile-recursive: each node's frames are split in two along the longer axis of
        /// their centres, again and again, until every child subtree has its share; for
        /// frames in any order and of any shape.
        case sortTileRecursive
        /// Frames ordered by the Hilbert value of their centres on a square grid over the
        /// content; for frames in any order and of any shape, and the cheapest to build.
        case hilbert
    }

    /// Entries per node.
    static let fanout = 16

    /// The frames in leaf order.
    @usableFromInline private(set) var leafFrames: [Rect]
    /// Leaf position → element index, and element index → leaf position; nil when packed as given.
    let order: [Int32]?
    @usableFromInline let positions: [Int32]?
    /// Node boxes: `levels[0]` one per leaf of `fanout` frames, each next level one per
    /// `fanout` boxes below, up to a last level of at most `fanout` boxes.
    var levels: [[Rect]]
    /// How many leading frames (in leaf order) have tops that never rise: all of them when
    /// the frames can be searched as a band.
    var sortedPrefix = 0
    /// Per leaf, what a band search needs of its frames and every frame before it.
    var bandLeaves: [BandLeaf] = []

    public init(frames: [Rect], packing: Packing = .asGiven) {
        precondition(frames.count < Int(Int32.max), "too many frames for one index")
        let order: [Int32]?
        switch packing {
        case .asGiven: order = nil
        case .sortTileRecursive: order = Self.sortTileRecursiveOrder(frames)
        case .hilbert: order = Self.hilbertOrder(frames)
        }
        if let order {
            leafFrames = order.map { frames[Int($0)] }
            var positions = [Int32](repeating: 0, count: frames.count)
            for (position, index) in order.enumerated() { positions[Int(index)] = Int32(position) }
            self.positions = positions
        } else {
            leafFrames = frames
            positions = nil
        }
        self.order = order
        var levels: [[Rect]] = []
        var boxes = Self.boxes(leafFrames)
        levels.append(boxes)
        while boxes.count > Self.fanout {
            boxes = Self.boxes(boxes)
            levels.append(boxes)
        }
        self.levels = levels
        updateBand(from: 0)
    }

    @inlinable
    public var count: Int { leafFrames.count }

    /// The frame of the element at `index` (as given to `init`).
    ///
    /// Inlinable, as reading `frames[index]` was before frames were stored in leaf order: a
    /// layout reads one frame per element a query returns, and an opaque call there (with the
    /// retains and exclusivity checks it forces around it) cost more than the search itself.
    @inlinable
    public func frame(at index: Int) -> Rect {
        guard let positions else { return leafFrames[index] }
        return leafFrames[Int(positions[index])]
    }

    /// The bytes the index holds: frames, permutations, node boxes and the band's values per leaf.
    public var byteCount: Int {
        leafFrames.count * MemoryLayout<Rect>.stride + ((order?.count ?? 0) + (positions?.count ?? 0)) * 4
            + levels.reduce(0) { $0 + $1.count * MemoryLayout<Rect>.stride } + bandLeaves.count
            * MemoryLayout<BandLeaf>.stride
    }

    /// Appends the indices of the frames intersecting `rect` to `result`, ascending.
    public func indices(intersecting rect: Rect, into result: inout [Int]) {
        guard let top = levels.last else { return }
        let start = result.count
        if sortedPrefix < leafFrames.count || !walkBand(rect, into: &result) {
            leafFrames.withUnsafeBufferPointer { frames in
                for node in top.indices where top[node].intersects(rect) {
                    visit(level: levels.count - 1, node: node, rect: rect, frames: frames, into: &result)
                }
            }
        }
        if order != nil { Self.sortAscending(&result, from: start) }
    }

    /// The indices of the frames intersecting `rect`, ascending.
    public func indices(intersecting rect: Rect) -> [Int] {
        var result: [Int] = []
        indices(intersecting: rect, into: &result)
        return result
    }

    private func visit(level: Int, node: Int, rect: Rect, frames: UnsafeBufferPointer<Rect>, into result: inout [Int]) {
        let first = node * Self.fanout
        if level == 0 {
            for position in first..<min(first + Self.fanout, frames.count) where frames[position].intersects(rect) {
                result.append(order.map { Int($0[position]) } ?? position)
            }
            return
        }
        let below = levels[level - 1]
        for child in first..<min(first + Self.fanout, below.count) where below[child].intersects(rect) {
            visit(level: level - 1, node: child, rect: rect, frames: frames, into: &result)
        }
    }

    /// Sorts `result[start...]`: by insertion when short (leaves visited in packing order
    /// give runs that are nearly sorted already), else by the standard sort.
    private static func sortAscending(_ result: inout [Int], from start: Int) {
        guard result.count - start <= 64 else { return result[start...].sort() }
        result.withUnsafeMutableBufferPointer { buffer in
            guard start < buffer.count else { return }
            for position in (start + 1)..<buffer.count {
                let value = buffer[position]
                var hole = position
                while hole > start, buffer[hole - 1] > value {
                    buffer[hole] = buffer[hole - 1]
                    hole -= 1
                }
                buffer[hole] = value
            }
        }
    }

    /// Replaces the frames from element `start` on with `frames` (an index packed `.asGiven`):
    /// the frames before `start` and their leaf boxes stay, the rest is rebuilt — O(count −
    /// start + n / fanout) instead of O(n), for layouts that change only their tail (a batch
    /// update after the first changed item).
    public mutating func replaceFrames(from start: Int, with frames: [Rect]) {
        precondition(order == nil, "only an index packed as given keeps its leaves in element order")
        precondition(start >= 0 && start <= leafFrames.count, "start \(start) out of range")
        precondition(leafFrames.count - start + frames.count < Int(Int32.max), "too many frames for one index")
        if leafFrames.count - start == frames.count {
            leafFrames.withUnsafeMutableBufferPointer { leaves in
                _ = frames.withUnsafeBufferPointer {
                    UnsafeMutableBufferPointer(rebasing: leaves[start...]).update(fromContentsOf: $0)
                }
            }
        } else {
            leafFrames.removeSubrange(start...)
            leafFrames.append(contentsOf: frames)
        }
        let firstLeaf = start / Self.fanout
        var leaves = levels.first ?? []
        leaves.removeSubrange(min(firstLeaf, leaves.count)...)
        leaves.append(contentsOf: Self.boxes(leafFrames, from: firstLeaf * Self.fanout))
        var levels = [leaves]
        var boxes = leaves
        while boxes.count > Self.fanout {
            boxes = Self.boxes(boxes)
            levels.append(boxes)
        }
        self.levels = levels
        updateBand(from: start)
    }

    /// One bounding box per run of `fanout` consecutive entries, from `first` on.
    private static func boxes(_ entries: [Rect], from first: Int = 0) -> [Rect] {
        var boxes: [Rect] = []
        boxes.reserveCapacity((entries.count - first + fanout - 1) / fanout)
        var start = first
        while start < entries.count {
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            for index in start..<min(start + fanout, entries.count) {
                let frame = entries[index]
                minX = min(minX, frame.minX)
                minY = min(minY, frame.minY)
                maxX = max(maxX, frame.maxX)
                maxY = max(maxY, frame.maxY)
            }
            // A box reaches at least as far as its entries, though its top plus its height may
            // round below their bottom (the rect tests compute edges as origin + size).
            var box = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
            while box.maxX < maxX { box.size.width = box.size.width.nextUp }
            while box.maxY < maxY { box.size.height = box.size.height.nextUp }
            boxes.append(box)
            start += fanout
        }
        return boxes
    }
}
