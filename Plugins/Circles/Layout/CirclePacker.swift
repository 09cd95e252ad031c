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
struct CirclePacker {
    var insets: EdgeInsets
    var step: Double
    var spacing: Double
    var predecessors: Int
    var width: Double

    /// Frames for circles of the given diameters, in order.
    func frames(diameters: [Double], isCancelled: () -> Bool = { false }) throws(LayoutError) -> [Rect] {
        var frames: [Rect] = []
        frames.reserveCapacity(diameters.count)
        var start = Point(x: insets.left, y: insets.top)
        for (index, diameter) in diameters.enumerated() {
            if index & 4095 == 4095, isCancelled() { throw .cancelled }
            // The slice dies with this statement, so the append below never copies `frames`.
            let origin = place(diameter, from: start, among: frames[max(0, index - predecessors)..<index])
            frames.append(Rect(x: origin.x, y: origin.y, width: diameter, height: diameter))
            start = Point(x: origin.x + diameter / 2, y: origin.y)
        }
        return frames
    }

    /// The seed's loop for one circle, with provably colliding steps skipped.
    private func place(_ diameter: Double, from start: Point, among blockers: ArraySlice<Rect>) -> Point {
        var x = start.x, y = start.y
        let canJump = step >= 0.01
        while true {
            var stepsToSkip = 0
            var isFree = true
            for blocker in blockers where !Self.isFarEnough(x, y, diameter, from: blocker, spacing: spacing) {
                isFree = false
                if canJump { stepsToSkip = max(stepsToSkip, stepsInside(blocker, x: x, y: y, diameter: diameter)) }
            }
            if isFree { return Point(x: x, y: y) }
            advance(&x, &y, steps: stepsToSkip + 1, diameter: diameter)
        }
    }

    /// Moves `steps` steps right as the seed's loop would, wrapping (and stopping) at the
    /// first step that would cross the right inset. When `x` and `step` are multiples of
    /// 1/1024, `x + n·step` equals the seed's running sum exactly and is computed at once;
    /// otherwise the steps are summed one by one to reproduce the seed's rounding.
    private func advance(_ x: inout Double, _ y: inout Double, steps: Int, diameter: Double) {
        func crosses(_ candidate: Double) -> Bool { candidate + diameter + insets.right > width }
        if Self.isGridExact(x) && Self.isGridExact(step) {
            var fitting = max(0, ((width - diameter - insets.right - x) / step).rounded(.down))
            fitting = min(fitting, 1e12)
            while fitting > 0 && crosses(x + fitting * step) { fitting -= 1 }
            while !crosses(x + (fitting + 1) * step) && fitting < Double(steps) { fitting += 1 }
            if Double(steps) <= fitting {
                x += Double(steps) * step
                return
            }
        } else {
            for _ in 0..<steps {
                x += step
                if crosses(x) { break }
            }
            if !crosses(x) { return }
        }
        x = insets.left
        y += step
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
