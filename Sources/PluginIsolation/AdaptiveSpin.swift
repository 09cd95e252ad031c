import Platform

/// How a plugin process waits for its next request: it looks for a message without sleeping for
/// a short while before a blocking wait, for about as long as messages have lately taken to come
/// (at most `limit`): the next request of a busy session is picked up with no wake-up from sleep
/// (tens of microseconds on an idle machine). A slow wait halves the time spun next, and once that
/// is under `shortest` the wait blocks at once: a channel at rest costs no CPU. Each round yields
/// the processor, so a spinner never holds up the peer it waits for. (The parent waits for
/// replies with `ReplySpin`.)
struct AdaptiveSpin {
    /// The longest spin, in seconds.
    static let limit = 150e-6
    /// The shortest spin worth starting, in seconds: a few rounds. Below it the wait blocks
    /// without polling or yielding first — a yield just before sleeping made the next request,
    /// one frame later, cost about 80 µs more to answer (issue 40: Linux 6.18, two cores).
    static let shortest = 10e-6
    /// How long the next wait spins before it blocks, in seconds.
    private(set) var budget: Double

    init(budget: Double = 20e-6) { self.budget = budget }

    /// Calls `poll` until it gives a message or the budget is spent; then, if none came, `block`.
    ///
    /// - Parameter clock: seconds on a monotonic clock (tests pass their own).
    mutating func wait<T, E: Error>(
        clock: () -> Double = Self.now, poll: () throws(E) -> T?, block: () throws(E) -> T
    ) throws(E) -> T {
        let (message, seconds) = try pollThenBlock(
            budget: budget >= Self.shortest ? budget : 0, clock: clock, poll: poll, block: block)
        learn(seconds)
        return message
    }

    /// A message that took `seconds` to come: spin about twice that next time, up to `limit`;
    /// one that took longer than `limit` halves the budget.
    private mutating func learn(_ seconds: Double) {
        budget = seconds <= Self.limit ? min(Self.limit, max(budget, 2 * seconds)) : budget / 2
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}

/// Calls `poll`, yielding the processor between rounds, until it gives a message or `budget`
/// seconds have passed (no round at all for a budget of 0); then, if none came, `block`. Returns
/// the message and how long it took to come. The loop of both `AdaptiveSpin` and `ReplySpin`.
func pollThenBlock<T, E: Error>(
    budget: Double, clock: () -> Double, poll: () throws(E) -> T?, block: () throws(E) -> T
) throws(E) -> (message: T, seconds: Double) {
    let start = clock()
    if budget > 0 {
        repeat {
            if let message = try poll() { return (message, clock() - start) }
            sched_yield()
        } while clock() - start < budget
    }
    let message = try block()
    return (message, clock() - start)
}
