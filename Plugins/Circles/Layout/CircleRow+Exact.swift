import LayoutKit

/// Rows whose positions `x0 + k·step` are exact (`x0` and `step` multiples of 1/1024, so the
/// product equals the seed's running sum): the positions a row's bands certainly cover are
/// found on continuous intervals, and only the positions after them are looked at.
extension CircleRow {
    /// The first position index on the row at `y` that the bands, as continuous intervals of
    /// origins, do not certainly cover (`last + 1`: the row is covered end to end). Each
    /// interval is narrowed by a slack of 1e-9 of the magnitudes involved (|centre x|, r1,
    /// reach ≥ the half-width, |x0|), far more than the rounding of its ends and of the
    /// seed's `dx`, so every position before the returned one certainly collides. Blockers
    /// sorted by centre (as `place` leaves them) usually cover a row in one pass. Also leaves each blocker's `dy²` and
    /// band for `scanExact`.
    func firstUncovered(at y: Double, from x0: Double, last: Int, _ blockers: UnsafeMutableBufferPointer<Blocker>)
        -> Int
    {
        let centreY = y + radius, rowSlack = abs(x0) * 1e-9
        for index in blockers.indices {
            let blocker = blockers[index]
            let dy = centreY - blocker.centreY
            let dySquared = dy * dy
            let halfWidth = max(blocker.reachSquaredLow - dySquared, 0).squareRoot() * (1 - 1e-12)
            let narrowed = halfWidth - (blocker.slack + rowSlack)
            blockers[index].dySquared = dySquared
            blockers[index].sureHalfWidth = halfWidth
            blockers[index].low = blocker.originX - narrowed
            blockers[index].high = blocker.originX + narrowed
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
        guard covered <= end else { return last + 1 }
        // The first position at or after `covered`, or one before (estimated, then checked).
        var first = Self.index((covered - x0) * inverseStep, end: Double(last))
        if first > 0 && x0 + Double(first - 1) * step >= covered { first -= 1 }
        return first > 0 && x0 + Double(first - 1) * step >= covered ? 0 : first
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
    mutating func scanExact(from x0: Double, first: Int, last: Int, _ blockers: UnsafeMutableBufferPointer<Blocker>)
        -> Double?
    {
        var k = first
        while k <= last {
            guard work.spend() else { return nil }
            let x = x0 + Double(k) * step
            let centreX = x + radius
            var next = k
            for blocker in blockers {
                let dx = centreX - blocker.centreX
                if (dx * dx + blocker.dySquared).squareRoot() >= blocker.reach { continue }
                next = max(
                    next, dx < blocker.sureHalfWidth ? sureEnd(of: blocker, from: x0, after: k, last: last) : k + 1)
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
