import LayoutKit

/// The seed's circle placement ("Making of Early – Circles Layout"), computed without
/// visiting every 5-point step.
///
/// The seed starts each circle half its predecessor's width to the right of it, and while
/// the circle is closer than `r1 + r2 + spacing` to any of its last `predecessors` circles it
/// moves right by `step`, wrapping to the left inset one `step` lower when it would cross the
/// right inset. This packer visits the same candidate positions in the same order but jumps
/// over the ones that provably collide: from a colliding position it computes how far the
/// blocking circle's exclusion zone reaches on this row and lands one step short of its edge,
/// then decides with the seed's own test. The result is identical, position for position.
///
/// Complexity: O(n · p · r) for n circles, p predecessors and r rows tried per circle
/// (about (r1 + r2 + spacing) / step), instead of the seed's O(n · p · r · width / step).
/// The work is bounded by the input's size, not by its coordinates: after
/// `workBudget(circles:)` candidate positions and steps the packing fails with an error
/// naming `step`, however the options make the circles wander (a huge `spacing`, a tiny
/// `step`, a vast width).
struct CirclePacker {
    var insets: EdgeInsets
    var step: Double
    var spacing: Double
    var predecessors: Int
    var width: Double

    /// The most candidate positions and single steps a packing of `circles` circles may
    /// visit: a million, plus a thousand per circle — far more than any sensible options
    /// need (the seed's defaults visit a handful per circle).
    static func workBudget(circles: Int) -> Int { 1_000_000 + 1000 * circles }

    /// Frames for circles of the given diameters, in order; `progress` hears the fraction done
    /// every 4096 circles.
    ///
    /// - Throws: `.option("step")` when the placement would exceed the work budget,
    ///   `.cancelled` when the host cancels.
    /// With `first` > 0, only the circles from `first` on are placed, after `previous`: the
    /// frames of the circles just before `first` (at least `predecessors + 1` of them, or all),
    /// kept from an earlier packing that a batch update left alone. Returns the new frames.
    func frames(diameters: [Double], from first: Int = 0, after previous: [Rect] = [], isCancelled: () -> Bool = { false },
                progress: (Double) -> Void = { _ in }) throws(LayoutError) -> [Rect] {
        var placed = previous
        placed.reserveCapacity(previous.count + diameters.count - first)
        let base = first - previous.count
        var start = placed.last.map { Point(x: $0.minX + $0.width / 2, y: $0.minY) } ?? Point(x: insets.left, y: insets.top)
        var work = Work(remaining: Self.workBudget(circles: diameters.count))
        for index in first..<diameters.count {
            let diameter = diameters[index]
            if index & 4095 == 4095 {
                if isCancelled() { throw .cancelled }
                progress(Double(index) / Double(diameters.count))
            }
            // The slice dies with this statement, so the append below never copies `frames`.
            guard let origin = place(diameter, from: start, among: placed[max(0, index - predecessors - base)..<(index - base)], work: &work) else {
                throw .option(field: "step", message: "circle \(index) could not be placed within \(Self.workBudget(circles: diameters.count)) "
                    + "steps of \(step.compactDescription) points; 'step' is too small for a 'spacing' of \(spacing.compactDescription) "
                    + "and a \(width.compactDescription)-point width")
            }
            placed.append(Rect(x: origin.x, y: origin.y, width: diameter, height: diameter))
            start = Point(x: origin.x + diameter / 2, y: origin.y)
        }
        return previous.isEmpty ? placed : Array(placed[previous.count...])
    }

    /// What is left of the work budget.
    struct Work {
        var remaining: Int

        /// Spends one unit; false when none is left.
        mutating func spend() -> Bool {
            remaining -= 1
            return remaining >= 0
        }
    }

    /// The seed's loop for one circle, with provably colliding steps skipped; nil when the
    /// work budget runs out first.
    private func place(_ diameter: Double, from start: Point, among blockers: ArraySlice<Rect>, work: inout Work) -> Point? {
        var x = start.x, y = start.y
        let canJump = step >= 0.01
        while work.spend() {
            var stepsToSkip = 0
            var isFree = true
            for blocker in blockers where !Self.isFarEnough(x, y, diameter, from: blocker, spacing: spacing) {
                isFree = false
                if canJump { stepsToSkip = max(stepsToSkip, stepsInside(blocker, x: x, y: y, diameter: diameter)) }
            }
            if isFree { return Point(x: x, y: y) }
            guard advance(&x, &y, steps: stepsToSkip + 1, diameter: diameter, work: &work) else { return nil }
        }
        return nil
    }

    /// Moves `steps` steps right as the seed's loop would, wrapping (and stopping) at the
    /// first step that would cross the right inset. When `x` and `step` are multiples of
    /// 1/1024, `x + n·step` equals the seed's running sum exactly and is computed at once;
    /// otherwise the steps are summed one by one to reproduce the seed's rounding.
    /// Returns false when the work budget runs out.
    private func advance(_ x: inout Double, _ y: inout Double, steps: Int, diameter: Double, work: inout Work) -> Bool {
        func crosses(_ candidate: Double) -> Bool { candidate + diameter + insets.right > width }
        if Self.isGridExact(x) && Self.isGridExact(step) {
            var fitting = max(0, ((width - diameter - insets.right - x) / step).rounded(.down))
            fitting = min(fitting, 1e12)
            while fitting > 0 && crosses(x + fitting * step) {
                guard work.spend() else { return false }
                fitting -= 1
            }
            while !crosses(x + (fitting + 1) * step) && fitting < Double(steps) {
                guard work.spend() else { return false }
                fitting += 1
            }
            if Double(steps) <= fitting {
                x += Double(steps) * step
                return true
            }
        } else {
            for _ in 0..<steps {
                guard work.spend() else { return false }
                x += step
                if crosses(x) { break }
            }
            if !crosses(x) { return true }
        }
        x = insets.left
        y += step
        return true
    }

    private static func isGridExact(_ value: Double) -> Bool {
        let scaled = value * 1024
        return scaled == scaled.rounded() && abs(value) < 0x1p40
    }

    /// How many further steps right of `x` certainly still collide with `blocker` on this row
    /// (one step of margin keeps rounding on the safe side).
    private func stepsInside(_ blocker: Rect, x: Double, y: Double, diameter: Double) -> Int {
        let radius = diameter / 2, blockerRadius = blocker.width / 2
        let reach = radius + blockerRadius + spacing
        let dy = (y + radius) - (blocker.minY + blockerRadius)
        let squared = reach * reach - dy * dy
        guard squared > 0 else { return 0 }
        let zoneEnd = blocker.minX + blockerRadius + squared.squareRoot()
        let steps = ((zoneEnd - (x + radius)) / step).rounded(.up) - 2
        return steps > 0 ? Int(min(steps, 1e9)) : 0
    }

    /// The seed's test: the centres are at least `r1 + r2 + spacing` apart.
    static func isFarEnough(_ x: Double, _ y: Double, _ diameter: Double, from other: Rect, spacing: Double) -> Bool {
        let r1 = diameter / 2, r2 = other.width / 2
        let dx = (x + r1) - (other.minX + r2), dy = (y + r1) - (other.minY + r2)
        return (dx * dx + dy * dy).squareRoot() >= r1 + r2 + spacing
    }
}
