import Testing

@testable import PluginIsolation

/// The plugin process's wait for its next request (issue 40): it spins while requests come back
/// to back and, once they come a frame apart, blocks at once without polling or yielding.
struct AdaptiveSpinTests {
    /// Waits once: `polls` empty polls, or none if it is nil, then a message after `seconds`
    /// (blocking if the spin gave up first). Returns how many polls there were and whether the
    /// wait blocked.
    static func wait(
        _ spin: inout AdaptiveSpin, clock: SteppingClock, comingAfter seconds: Double
    ) -> (polls: Int, blocked: Bool) {
        let start = clock.now
        var polls = 0, blocked = false
        _ = spin.wait(
            clock: clock.read,
            poll: { () -> Int? in
                polls += 1
                return clock.now - start >= seconds ? 1 : nil
            },
            block: { () -> Int in
                blocked = true
                clock.advance(max(0, seconds - (clock.now - start)))
                return 1
            })
        return (polls, blocked)
    }

    @Test func aMessageWithinTheBudgetIsTakenWithoutBlocking() {
        let clock = SteppingClock(step: 1e-6)
        var spin = AdaptiveSpin()
        let wait = Self.wait(&spin, clock: clock, comingAfter: 12e-6)
        #expect(!wait.blocked)
        #expect(wait.polls > 1)
    }

    @Test func slowWaitsHalveTheBudgetUntilTheWaitBlocksWithoutPolling() {
        let clock = SteppingClock(step: 1e-6)
        var spin = AdaptiveSpin(budget: AdaptiveSpin.limit)
        var budgets: [Double] = []
        for _ in 0..<4 {
            let wait = Self.wait(&spin, clock: clock, comingAfter: 16e-3)
            #expect(wait.blocked && wait.polls > 0)
            budgets.append(spin.budget)
        }
        #expect(budgets == [75e-6, 37.5e-6, 18.75e-6, 9.375e-6])
        // Under the shortest spin: straight to the blocking wait, no poll and no yield.
        let wait = Self.wait(&spin, clock: clock, comingAfter: 16e-3)
        #expect(wait.blocked && wait.polls == 0)
        #expect(spin.budget == 9.375e-6 / 2)
    }

    @Test func aQuickMessageAfterARestStartsTheSpinAgain() {
        let clock = SteppingClock(step: 1e-6)
        var spin = AdaptiveSpin(budget: 0)
        let resting = Self.wait(&spin, clock: clock, comingAfter: 30e-6)
        #expect(resting.blocked && resting.polls == 0)
        // It took 30 µs: spin about twice that.
        #expect(abs(spin.budget - 60e-6) < 1e-9)
        let busy = Self.wait(&spin, clock: clock, comingAfter: 30e-6)
        #expect(!busy.blocked && busy.polls > 0)
    }

    @Test func theBudgetNeverPassesTheLimit() {
        let clock = SteppingClock(step: 1e-6)
        var spin = AdaptiveSpin(budget: 0)
        _ = Self.wait(&spin, clock: clock, comingAfter: 140e-6)
        #expect(spin.budget == AdaptiveSpin.limit)
    }
}
