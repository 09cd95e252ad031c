import LayoutKit

/// The seed's loop for one circle, row by row: positions `x0, x0 + step, …` on a row until
/// the next would cross the right inset, then the left inset one `step` lower. Every position
/// the result depends on is decided by the seed's own test,
/// `sqrt(dx·dx + dy·dy) >= r1 + r2 + spacing`, computed with the same operations; only
/// positions that certainly fail it are skipped.
///
/// "Certainly": with `band = reach²·(1 − 1e-12) − dy²` for a blocker on this row, a centre
/// with `|dx| < sqrt(band)·(1 − 1e-12)` is closer than `reach` by a margin a million times the
/// rounding error of the seed's test. On a row whose positions are exact multiples of 1/1024
/// the bands are joined as intervals, and the row is passed at once when they cover it, or
/// tested from the first position they do not cover (see `CircleRow+Exact`); otherwise the
/// row is stepped, summing `step` as the seed does, and only positions outside every band
/// are tested.
///
/// The blockers live in a buffer the caller fills for each circle (`Blocker.init`), so that
/// placing a million circles allocates nothing.
struct CircleRow {
    /// An earlier circle as the seed's test sees it, for the circle being placed, and its
    /// sure band on the current row.
    struct Blocker {
        var centreX, centreY: Double
        /// `r1 + r2 + spacing`, summed as the seed sums it.
        var reach: Double
        /// `reach²·(1 − 1e-12)`; 0 when `reach` is too small or too large to square safely.
        var reachSquaredLow: Double
        /// On the current row: `dy²` and the sure band's half-width (0: none).
        var dySquared = 0.0, sureHalfWidth = 0.0
        /// The sure band as an interval of origins `x` (narrowed by a slack; exact rows only).
        var low = 0.0, high = 0.0

        /// The origin `x` that puts the circle's centre on this one's (`centreX − r1`), and
        /// 1e-9 of the magnitudes that bound the rounding of band ends built on it.
        var originX, slack: Double

        init(_ frame: Rect, diameter: Double, spacing: Double) {
            let r1 = diameter / 2, r2 = frame.width / 2
            centreX = frame.minX + r2
            centreY = frame.minY + r2
            reach = r1 + r2 + spacing
            reachSquaredLow = reach > 1e-100 && reach < 1e100 ? reach * reach * (1 - 1e-12) : 0
            originX = centreX - r1
            slack = (abs(centreX) + r1 + abs(reach)) * 1e-9
        }
    }

    let insets: EdgeInsets
    let step: Double
    let width: Double
    var work: CirclePacker.Work
    /// `1 / step`, for estimates that are checked before use.
    let inverseStep: Double
    /// Whether rows can be exact: `step` a multiple of 1/1024, the width small enough.
    let hasExactSteps: Bool
    var diameter = 0.0, radius = 0.0

    init(insets: EdgeInsets, step: Double, width: Double, work: CirclePacker.Work) {
        self.insets = insets
        self.step = step
        self.width = width
        self.work = work
        inverseStep = 1 / step
        hasExactSteps = Self.isGridExact(step) && abs(width) < 0x1p40
    }

    /// Where the seed puts a circle of `diameter` that starts at `start`, clear of `blockers`;
    /// nil when the work budget runs out first.
    mutating func place(_ diameter: Double, from start: Point, among blockers: UnsafeMutableBufferPointer<Blocker>)
        -> Point?
    {
        self.diameter = diameter
        radius = diameter / 2
        Self.sortByCentre(blockers)
        var leftLast: Int?
        var x = start.x, y = start.y
        while work.spend() {
            let found: Double?
            if hasExactSteps && Self.isGridExact(x) {
                let isLeft = x == insets.left && leftLast != nil
                guard let last = isLeft ? leftLast : lastIndex(from: x) else { return nil }
                if x == insets.left { leftLast = last }
                found = scanExact(
                    from: x, first: firstUncovered(at: y, from: x, last: last, blockers), last: last, blockers)
            } else {
                bandRow(at: y, blockers)
                found = scanStepping(from: x, blockers)
            }
            if let found { return Point(x: found, y: y) }
            if work.remaining < 0 { return nil }
            x = insets.left
            y += step
        }
        return nil
    }

    /// Each blocker's `dy²` and sure band on the row at `y`.
    func bandRow(at y: Double, _ blockers: UnsafeMutableBufferPointer<Blocker>) {
        let centreY = y + radius
        for index in blockers.indices {
            let dy = centreY - blockers[index].centreY
            let dySquared = dy * dy
            blockers[index].dySquared = dySquared
            blockers[index].sureHalfWidth =
                max(blockers[index].reachSquaredLow - dySquared, 0).squareRoot() * (1 - 1e-12)
        }
    }

    /// The row from `x0` step by step, summing `step` as the seed does; positions inside a
    /// blocker's sure band are passed without the test.
    private mutating func scanStepping(from x0: Double, _ blockers: UnsafeMutableBufferPointer<Blocker>) -> Double? {
        var x = x0
        while work.spend() {
            if isClear(x, blockers) { return x }
            repeat {
                guard work.spend() else { return nil }
                x += step
                if x + diameter + insets.right > width { return nil }
            } while isSurelyBlocked(x, blockers)
        }
        return nil
    }

    /// The seed's test against every blocker.
    func isClear(_ x: Double, _ blockers: UnsafeMutableBufferPointer<Blocker>) -> Bool {
        let centreX = x + radius
        for blocker in blockers {
            let dx = centreX - blocker.centreX
            if (dx * dx + blocker.dySquared).squareRoot() < blocker.reach { return false }
        }
        return true
    }

    private func isSurelyBlocked(_ x: Double, _ blockers: UnsafeMutableBufferPointer<Blocker>) -> Bool {
        let centreX = x + radius
        for blocker in blockers where abs(centreX - blocker.centreX) < blocker.sureHalfWidth { return true }
        return false
    }

    /// Sorts a few blockers left to right (the order does not change the placement, only
    /// how fast a row's cover is found); many are left as they are.
    private static func sortByCentre(_ blockers: UnsafeMutableBufferPointer<Blocker>) {
        guard blockers.count <= 8 else { return }
        for index in blockers.indices.dropFirst() {
            var slot = index
            let blocker = blockers[index]
            while slot > 0 && blockers[slot - 1].centreX > blocker.centreX {
                blockers[slot] = blockers[slot - 1]
                slot -= 1
            }
            blockers[slot] = blocker
        }
    }

    /// Whether `value` is a multiple of 1/1024 small enough that sums of such values are exact.
    static func isGridExact(_ value: Double) -> Bool {
        guard abs(value) < 0x1p40 else { return false }
        let scaled = value * 1024
        return scaled == Double(Int64(scaled))
    }
}
