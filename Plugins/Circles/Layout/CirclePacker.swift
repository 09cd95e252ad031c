import LayoutKit

/// The seed's circle placement ("Making of Early – Circles Layout"), computed without
/// visiting every 5-point step.
///
/// The seed starts each circle half its predecessor's width to the right of it, and while
/// the circle is closer than `r1 + r2 + spacing` to any of its last `predecessors` circles it
/// moves right by `step`, wrapping to the left inset one `step` lower when it would cross the
/// right inset. This packer visits the same candidate positions in the same order but skips
/// the ones that provably collide (see `CircleRow`): a row its predecessors' exclusion zones
/// certainly cover end to end is passed at once; on other rows it starts at the first
/// position no zone certainly covers, and from a colliding position it lands on the first
/// one past the blocking zone, deciding each with the seed's own test. The result is
/// identical, bit for bit.
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
    /// With `first` > 0, only the circles from `first` on are placed, after `previous`: the
    /// frames of the circles just before `first` (at least `predecessors + 1` of them, or all),
    /// kept from an earlier packing that a batch update left alone. Returns the new frames.
    /// - Throws: `.option("step")` when the placement would exceed the work budget,
    ///   `.cancelled` when the host cancels.
    func frames(
        diameters: [Double], from first: Int = 0, after previous: [Rect] = [], isCancelled: () -> Bool = { false },
        progress: (Double) -> Void = { _ in }
    ) throws(LayoutError) -> [Rect] {
        var placed: [Rect] = []
        placed.reserveCapacity(diameters.count - first)
        var start =
            previous.last.map { Point(x: $0.minX + $0.width / 2, y: $0.minY) } ?? Point(x: insets.left, y: insets.top)
        var row = CircleRow(
            insets: insets, step: step, width: width, work: Work(remaining: Self.workBudget(circles: diameters.count)))
        let capacity = min(predecessors, diameters.count)
        try withUnsafeTemporaryAllocation(of: CircleRow.Blocker.self, capacity: capacity) {
            (buffer) throws(LayoutError) in
            for index in first..<diameters.count {
                let diameter = diameters[index]
                if index & 4095 == 4095 {
                    if isCancelled() { throw .cancelled }
                    progress(Double(index) / Double(diameters.count))
                }
                // The last `predecessors` circles: those kept from before, then those placed now.
                let fromPlaced = min(predecessors, placed.count),
                    fromPrevious = min(predecessors - fromPlaced, previous.count)
                for slot in 0..<fromPrevious {
                    buffer.initializeElement(
                        at: slot,
                        to: .init(previous[previous.count - fromPrevious + slot], diameter: diameter, spacing: spacing))
                }
                for slot in 0..<fromPlaced {
                    buffer.initializeElement(
                        at: fromPrevious + slot,
                        to: .init(placed[placed.count - fromPlaced + slot], diameter: diameter, spacing: spacing))
                }
                let blockers = UnsafeMutableBufferPointer(rebasing: buffer[..<(fromPrevious + fromPlaced)])
                guard let origin = row.place(diameter, from: start, among: blockers) else {
                    throw .option(
                        field: "step",
                        message:
                            "circle \(index) could not be placed within \(Self.workBudget(circles: diameters.count)) "
                            + "steps of \(step.compactDescription) points; 'step' is too small for a 'spacing' of \(spacing.compactDescription) "
                            + "and a \(width.compactDescription)-point width")
                }
                placed.append(Rect(x: origin.x, y: origin.y, width: diameter, height: diameter))
                start = Point(x: origin.x + diameter / 2, y: origin.y)
            }
        }
        return placed
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
}
