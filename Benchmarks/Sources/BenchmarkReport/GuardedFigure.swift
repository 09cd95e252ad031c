/// A figure the regression guard compares with its baseline: a ratio of two timings taken in
/// the same run, so that it holds on any machine, under any load.
public struct GuardedFigure: Equatable, Sendable {
    /// Which way is better for the figure.
    public enum Better: String, Sendable {
        /// A speed-up: the reference's time over the engine's.
        case higher
        /// A cost: the engine's time over the reference's.
        case lower
    }

    public var name: String
    public var value: Double
    public var better: Better
    /// How much worse than the baseline the figure may get before it is flagged (0.25: by a
    /// quarter); nil for the baseline file's default.
    public var tolerance: Double?

    public init(name: String, value: Double, better: Better, tolerance: Double? = nil) {
        self.name = name
        self.value = value
        self.better = better
        self.tolerance = tolerance
    }

    /// How many times worse `now` is than this (baseline) value: above 1 is worse, below 1
    /// better, whichever way the figure points; infinite when `now` is not a number.
    public func worsening(to now: Double) -> Double {
        guard now.isFinite, now > 0, value > 0 else { return .infinity }
        return better == .higher ? value / now : now / value
    }
}
