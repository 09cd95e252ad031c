/// How the parent waits for a child's reply: it looks for the reply without sleeping for about
/// twice as long as the slowest of its recent quick replies took (at least `minimum`, at most
/// `cap`), and then blocks.
///
/// A reply from a child that was asleep — one query a frame, as an editor sends them — comes
/// after the child's wake-up and the call's work, a hundred microseconds or two; sleeping
/// through that wait would add the parent's own wake-up to the round trip. Only replies that
/// came within the cap teach the spin: a long call (a prepare, a plugin's first load) leaves it
/// as it was, and costs at most `cap` of spinning before it blocks. Each round yields the
/// processor, so a spinner never holds up the child it waits for.
struct ReplySpin {
    /// The longest spin, in seconds: at 60 calls a second, 3% of a core at most.
    static let cap = 500e-6
    /// The shortest spin, in seconds: about a cold child's wake-up, so that the first call after
    /// a busy spell, when the child has gone to sleep, is still caught.
    static let minimum = 100e-6
    /// How many of the latest quick replies the budget is taken from.
    static let remembered = 8

    /// How long the latest quick replies took, in seconds, oldest overwritten first.
    private var recent: [Double] = []
    private var oldest = 0

    /// How long the next wait spins before it blocks, in seconds.
    var budget: Double { Self.budget(after: recent) }

    /// The budget after quick replies that took `recent` seconds: twice the slowest of them,
    /// within `minimum...cap`.
    static func budget(after recent: [Double]) -> Double {
        min(cap, max(minimum, 2 * (recent.max() ?? 0)))
    }

    /// Calls `poll` until it gives a message or the budget is spent; then, if none came, `block`.
    ///
    /// - Parameter clock: seconds on a monotonic clock (tests pass their own).
    mutating func wait<T, E: Error>(
        clock: () -> Double = AdaptiveSpin.now, poll: () throws(E) -> T?, block: () throws(E) -> T
    ) throws(E) -> T {
        let (message, seconds) = try pollThenBlock(budget: budget, clock: clock, poll: poll, block: block)
        learn(seconds)
        return message
    }

    /// A reply that took `seconds`: remembered if it came within the cap, ignored if not.
    mutating func learn(_ seconds: Double) {
        guard seconds <= Self.cap else { return }
        if recent.count < Self.remembered {
            recent.append(seconds)
        } else {
            recent[oldest] = seconds
            oldest = (oldest + 1) % Self.remembered
        }
    }
}
