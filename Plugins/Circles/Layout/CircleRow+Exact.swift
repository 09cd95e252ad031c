import LayoutKit

/// Rows whose positions `x0 + k·step` are exact (`x0` and `step` multiples of 1/1024, so the
/// product equals the seed's running sum): each blocker's sure band becomes a range of
/// position indices, computed once per row, and a row the bands cover end to end is passed
/// without testing a single position.
extension CircleRow {
    /// Whether the bands of the row at `y` cover every origin from `x0` to the last position
    /// as continuous intervals, each narrowed by a slack of 1e-9 of the magnitudes involved
    /// (far more than the rounding of the interval ends and of the seed's `dx`): then every
    /// position certainly collides, and no position needs to be looked at. The cheap test
    /// most rows pass; `coverRow` decides the others position by position.
    func isCertainlyCovered(at y: Double, from x0: Double, last: Int, _ blockers: UnsafeMutableBufferPointer<Blocker>) -> Bool {
        let centreY = y + radius, origin = x0 + radius
        for index in blockers.indices {
            let blocker = blockers[index]
            let dy = centreY - blocker.centreY
            let halfWidth = max(blocker.reachSquaredLow - dy * dy, 0).squareRoot() * (1 - 1e-12)
            let offset = blocker.centreX - origin
            let slack = (abs(blocker.centreX) + abs(origin) + halfWidth) * 1e-9
            blockers[index].low = offset - halfWidth + slack + x0
            blockers[index].high = offset + halfWidth - slack + x0
        }
        // [x0, covered) is covered; extend it by any interval holding its end (selects, not
        // branches: which interval does is unpredictable).
        let end = x0 + Double(last) * step
        var covered = x0, before = -Double.infinity
        while covered != before && covered <= end {
            before = covered
            for blocker in blockers {
                covered = Self.select(blocker.low < covered, and: covered < blocker.high, blocker.high, else: covered)
            }
        }
        return covered > end
    }

    /// Bands the row at `y` (see `bandRow`) and turns each band into the position indices in
    /// `0...last` it certainly covers; returns the first index no band covers (`last + 1`
    /// when they cover the whole row).
    func coverRow(at y: Double, from x0: Double, last: Int, _ blockers: UnsafeMutableBufferPointer<Blocker>) -> Int {
        bandRow(at: y, blockers)
        let end = Double(last + 1)
        for index in blockers.indices {
            let halfWidth = blockers[index].sureHalfWidth, centreX = blockers[index].centreX
            func dx(_ k: Int) -> Double { x0 + Double(k) * step + radius - centreX }
            // Estimates, off by a rounding at most; checked at both ends (`dx` grows with `k`,
            // so the ends bound every index between them), corrected once if need be.
            let offset = centreX - radius - x0
            var lower = Self.index((offset - halfWidth) * inverseStep + 1, end: end)
            var upper = Self.index((offset + halfWidth) * inverseStep + 1, end: end)
            if lower < upper && !(dx(lower) > -halfWidth && dx(upper - 1) < halfWidth) {
                if dx(lower) <= -halfWidth { lower += 1 }
                if lower < upper && dx(upper - 1) >= halfWidth { upper -= 1 }
                if lower < upper && !(dx(lower) > -halfWidth && dx(upper - 1) < halfWidth) { upper = lower }
            }
            blockers[index].lower = lower
            blockers[index].upper = upper
        }
        var k = 0, moved = true
        while moved && k <= last {
            moved = false
            for blocker in blockers where blocker.lower <= k && k < blocker.upper {
                k = blocker.upper
                moved = true
            }
        }
        return k
    }

    /// `first && second ? value : other` as bit operations: the compiler turns a select into
    /// a branch, which mispredicts when the conditions are data-dependent.
    @inline(__always)
    private static func select(_ first: Bool, and second: Bool, _ value: Double, else other: Double) -> Double {
        let mask = 0 &- (UInt64(first ? 1 : 0) & UInt64(second ? 1 : 0))
        return Double(bitPattern: (value.bitPattern & mask) | (other.bitPattern & ~mask))
    }

    /// `estimate` rounded down into `0...end` (0 for NaN).
    private static func index(_ estimate: Double, end: Double) -> Int {
        estimate > 0 ? Int(min(estimate, end)) : 0
    }

    /// The row from `x0`, from position `first` on: tests position `k`, and on a collision
    /// jumps to the first position no colliding blocker certainly covers.
    mutating func scanExact(from x0: Double, first: Int, last: Int, _ blockers: UnsafeMutableBufferPointer<Blocker>) -> Double? {
        var k = first
        while k <= last {
            guard work.spend() else { return nil }
            let x = x0 + Double(k) * step
            let centreX = x + radius
            var next = k
            for blocker in blockers {
                let dx = centreX - blocker.centreX
                if (dx * dx + blocker.dySquared).squareRoot() >= blocker.reach { continue }
                next = max(next, dx < blocker.sureHalfWidth ? sureEnd(of: blocker, from: x0, after: k, last: last) : k + 1)
            }
            if next == k { return x }
            k = next
        }
        return nil
    }

    /// One past the positions after `k` (which collides with `blocker`) that certainly collide
    /// with it too: those whose `dx` is below the sure half-width (checked at the last one),
    /// or negative and so no farther than `k`'s.
    private mutating func sureEnd(of blocker: Blocker, from x0: Double, after k: Int, last: Int) -> Int {
        let estimate = (blocker.centreX + blocker.sureHalfWidth - radius - x0) * inverseStep
        var end = estimate < Double(last) ? max(k + 1, Int(max(estimate, 0)) + 1) : last + 1
        while end - 1 > k && x0 + Double(end - 1) * step + radius - blocker.centreX >= blocker.sureHalfWidth {
            guard work.spend() else { return k + 1 }
            end -= 1
        }
        return end
    }

    /// The last position on the row from `x0` that the seed visits: the largest `k` whose
    /// `x0 + k·step` does not cross the right inset, or 0 (the first position is tested even
    /// when it crosses); nil when the work budget runs out.
    mutating func lastIndex(from x0: Double) -> Int? {
        func crosses(_ k: Int) -> Bool { x0 + Double(k) * step + diameter + insets.right > width }
        let room = (width - diameter - insets.right - x0) * inverseStep
        var last = room > 0 ? Int(min(room, 0x1p52)) : 0
        while last > 0 && crosses(last) {
            guard work.spend() else { return nil }
            last -= 1
        }
        while !crosses(last + 1) {
            guard work.spend() else { return nil }
            last += 1
        }
        return last
    }
}
