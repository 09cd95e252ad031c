/// Frames whose tops never rise in leaf order, searched as a band.
extension SpatialIndex {
    /// What a band search needs of the frames up to the end of one leaf (running values, so
    /// that the last leaf's are the whole index's).
    struct BandLeaf {
        /// The lowest bottom: the first leaf whose reach passes a rect's top starts its band.
        var reach: Double
        /// The leftmost right edge and the rightmost left edge: a rect reaching left of the
        /// one and right of the other meets every frame across, and only tops and bottoms
        /// need testing (−∞ once a frame has a NaN edge across).
        var leftmostRight: Double
        var rightmostLeft: Double
    }

    /// Leaves (or, for a rect spanning the content's width, frames) the band search may find
    /// missing the rect before it gives up for the tree: a band that mostly misses means
    /// content much wider than the rect (a row-major grid), or a frame reaching far down
    /// from near the top, where descending the tree skips them by the thousand.
    static let bandMisses = 16

    /// Brings `sortedPrefix` and `bandLeaves` up to date for frames replaced from `start` on
    /// (all of them: 0). O(count − start + fanout).
    mutating func updateBand(from start: Int) {
        // The frames before `start` are as they were, and so is whether they are in order.
        if sortedPrefix >= start {
            var position = start
            leafFrames.withUnsafeBufferPointer { frames in
                while position < frames.count, Self.continuesBand(frames, at: position) { position += 1 }
            }
            sortedPrefix = position
        }
        // From the frames themselves, not the leaf boxes: a box's bottom is its top plus its
        // height, which may round below the bottom of the frame it was made for.
        let firstLeaf = min(start / Self.fanout, bandLeaves.count)
        bandLeaves.removeSubrange(firstLeaf...)
        var running =
            bandLeaves.last ?? BandLeaf(reach: -.infinity, leftmostRight: .infinity, rightmostLeft: -.infinity)
        leafFrames.withUnsafeBufferPointer { frames in
            var position = firstLeaf * Self.fanout
            while position < frames.count {
                for frame in frames[position..<Swift.min(position + Self.fanout, frames.count)] {
                    running.reach = Swift.max(running.reach, frame.maxY)
                    if frame.minX.isNaN || frame.maxX.isNaN {
                        running.leftmostRight = -.infinity
                    } else {
                        running.leftmostRight = Swift.min(running.leftmostRight, frame.maxX)
                        running.rightmostLeft = Swift.max(running.rightmostLeft, frame.minX)
                    }
                }
                bandLeaves.append(running)
                position += Self.fanout
            }
        }
    }

    /// Whether the frame at `position` starts no higher than the one before it, and neither
    /// its top nor its bottom is NaN (∞ − ∞ included).
    private static func continuesBand(_ frames: UnsafeBufferPointer<Rect>, at position: Int) -> Bool {
        let frame = frames[position]
        guard !frame.minY.isNaN, !frame.maxY.isNaN else { return false }
        return position == 0 || frames[position - 1].minY <= frame.minY
    }

    /// Appends the positions (as element indices) of the frames meeting `rect`, from the
    /// first leaf whose reach passes the rect's top while frames start above its bottom:
    /// frame by frame, testing tops and bottoms only, when the rect spans the content's
    /// width; else leaf by leaf, skipping the leaves whose boxes miss it. Returns false, with
    /// `result` as it was, when more than `bandMisses` leaves (or `bandMisses` leaves' worth
    /// of frames) miss the rect.
    func walkBand(_ rect: Rect, into result: inout [Int]) -> Bool {
        guard let whole = bandLeaves.last else { return true }
        let start = result.count, order = self.order
        let spansWidth = rect.minX < whole.leftmostRight && whole.rightmostLeft < rect.maxX
        return leafFrames.withUnsafeBufferPointer { frames in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.fanout) { found in
                // Finds go in a leaf's worth at a time, with one append, not one each.
                var count = 0
                func take(_ position: Int) {
                    found[count] = order.map { Int($0[position]) } ?? position
                    count += 1
                    if count == Self.fanout { flush() }
                }
                func flush() {
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: found[..<count]))
                    count = 0
                }
                func giveUp() -> Bool {
                    result.removeSubrange(start...)
                    return false
                }
                var leaf = firstLeaf(reaching: rect.minY), misses = 0
                if spansWidth {
                    var position = leaf * Self.fanout
                    while position < frames.count, frames[position].minY < rect.maxY {
                        if frames[position].maxY > rect.minY {
                            take(position)
                        } else {
                            misses += 1
                            if misses > Self.bandMisses * Self.fanout { return giveUp() }
                        }
                        position += 1
                    }
                } else {
                    let leaves = levels[0]
                    while leaf < leaves.count, frames[leaf * Self.fanout].minY < rect.maxY {
                        if leaves[leaf].intersects(rect) {
                            let first = leaf * Self.fanout
                            for position in first..<Swift.min(first + Self.fanout, frames.count)
                            where frames[position].intersects(rect) {
                                take(position)
                            }
                        } else {
                            misses += 1
                            if misses > Self.bandMisses { return giveUp() }
                        }
                        leaf += 1
                    }
                }
                flush()
                return true
            }
        }
    }

    /// The first leaf whose reach lies below `top`, searched from where `top` falls between
    /// the first leaf's reach and the last's (content about evenly dense, as rows are, puts
    /// it within a few leaves).
    private func firstLeaf(reaching top: Double) -> Int {
        bandLeaves.withUnsafeBufferPointer { leaves in
            guard let low = leaves.first?.reach, let high = leaves.last?.reach else { return 0 }
            let fraction = (top - low) / (high - low)
            let guess = fraction.isFinite ? Int(Swift.min(Swift.max(fraction, 0), 1) * Double(leaves.count - 1)) : 0
            return firstIndex(in: 0..<leaves.count, near: guess) { leaves[$0].reach > top }
        }
    }
}
