/// The reordering packings: a leaf order (leaf position → element index) for any frames.
extension SpatialIndex {
    /// A frame's centre and its element index.
    struct Centre {
        var x: Double
        var y: Double
        var index: Int32
    }

    static func centres(_ frames: [Rect]) -> [Centre] {
        frames.enumerated().map { Centre(x: $1.midX, y: $1.midY, index: Int32($0)) }
    }

    // MARK: Sort-tile-recursive, split along the longer axis

    /// Each subtree's centres are cut into its children's shares (subtrees of `fanout^h`
    /// entries, all full but the last) by halving along the longer axis of their extent,
    /// recursively: O(n log n), quickselect at each cut.
    static func sortTileRecursiveOrder(_ frames: [Rect]) -> [Int32] {
        var centres = centres(frames)
        var capacity = fanout
        while capacity < centres.count { capacity *= fanout }
        centres.withUnsafeMutableBufferPointer { centres in
            pack(centres, 0..<centres.count, capacity: capacity)
        }
        return centres.map(\.index)
    }

    /// Orders `range` (one subtree holding at most `capacity` entries) into its children.
    private static func pack(_ centres: UnsafeMutableBufferPointer<Centre>, _ range: Range<Int>, capacity: Int) {
        guard range.count > fanout else { return }
        let share = capacity / fanout
        cut(centres, range, share: share)
        var start = range.lowerBound
        while start < range.upperBound {
            pack(centres, start..<min(start + share, range.upperBound), capacity: share)
            start += share
        }
    }

    /// Cuts `range` into runs of `share` entries (the last may be shorter), each compact.
    private static func cut(_ centres: UnsafeMutableBufferPointer<Centre>, _ range: Range<Int>, share: Int) {
        let runs = (range.count + share - 1) / share
        guard runs > 1 else { return }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for index in range {
            minX = min(minX, centres[index].x); maxX = max(maxX, centres[index].x)
            minY = min(minY, centres[index].y); maxY = max(maxY, centres[index].y)
        }
        let byX = maxX - minX >= maxY - minY
        let middle = range.lowerBound + (runs / 2) * share
        select(centres, range, nth: middle, byX: byX)
        cut(centres, range.lowerBound..<middle, share: share)
        cut(centres, middle..<range.upperBound, share: share)
    }

    /// Quickselect (Hoare, median of three): puts the `nth` smallest centre by x (or y) at
    /// `nth`, smaller ones before it and larger ones after.
    private static func select(_ centres: UnsafeMutableBufferPointer<Centre>, _ range: Range<Int>, nth: Int, byX: Bool)
    {
        func key(_ index: Int) -> Double { byX ? centres[index].x : centres[index].y }
        var low = range.lowerBound, high = range.upperBound - 1
        while low < high {
            let a = key(low), b = key((low + high) / 2), c = key(high)
            let pivot = max(min(a, b), min(max(a, b), c))
            var i = low, j = high
            while i <= j {
                while key(i) < pivot { i += 1 }
                while key(j) > pivot { j -= 1 }
                if i <= j {
                    centres.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if nth <= j { high = j } else if nth >= i { low = i } else { return }
        }
    }

    // MARK: Hilbert order

    /// Centres ranked by their position along a Hilbert curve through a 2^32 × 2^32 grid of
    /// square cells over the centres' bounding square (square, so that very tall or very wide
    /// content is not cut into slivers); ties keep the caller's order. O(n): four radix passes.
    static func hilbertOrder(_ frames: [Rect]) -> [Int32] {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for frame in frames {
            let x = frame.midX, y = frame.midY
            guard x.isFinite, y.isFinite else { continue }
            minX = min(minX, x); maxX = max(maxX, x)
            minY = min(minY, y); maxY = max(maxY, y)
        }
        let side = max(maxX - minX, maxY - minY)
        let scale = side > 0 && side.isFinite ? Double(UInt32.max) / side : 0
        func cell(_ value: Double, _ origin: Double) -> UInt32 {
            let scaled = (value - origin) * scale
            return scaled.isFinite ? UInt32(min(max(scaled, 0), Double(UInt32.max))) : 0
        }
        var keyed = frames.enumerated().map { index, frame in
            Keyed(key: hilbertValue(x: cell(frame.midX, minX), y: cell(frame.midY, minY)), index: Int32(index))
        }
        radixSort(&keyed)
        return keyed.map(\.index)
    }

    struct Keyed {
        var key: UInt64
        var index: Int32
    }

    /// The distance along the order-32 Hilbert curve of the cell (x, y).
    static func hilbertValue(x: UInt32, y: UInt32) -> UInt64 {
        var x = x, y = y, distance: UInt64 = 0
        var size: UInt32 = 1 << 31
        while size > 0 {
            let rx: UInt64 = x & size != 0 ? 1 : 0, ry: UInt64 = y & size != 0 ? 1 : 0
            distance &+= UInt64(size) &* UInt64(size) &* ((3 &* rx) ^ ry)
            if ry == 0 {
                if rx == 1 {
                    x = UInt32.max &- x
                    y = UInt32.max &- y
                }
                swap(&x, &y)
            }
            size >>= 1
        }
        return distance
    }

    /// Stable LSD radix sort by key, four 16-bit passes.
    static func radixSort(_ keyed: inout [Keyed]) {
        var other = keyed
        var counts = [Int](repeating: 0, count: 1 << 16)
        for shift in stride(from: 0 as UInt64, to: 64, by: 16) {
            for index in counts.indices { counts[index] = 0 }
            for item in keyed { counts[Int((item.key >> shift) & 0xFFFF)] += 1 }
            var total = 0
            for bucket in counts.indices {
                let count = counts[bucket]
                counts[bucket] = total
                total += count
            }
            for item in keyed {
                let bucket = Int((item.key >> shift) & 0xFFFF)
                other[counts[bucket]] = item
                counts[bucket] += 1
            }
            swap(&keyed, &other)
        }
    }
}
