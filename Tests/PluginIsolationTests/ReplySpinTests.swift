import Testing

@testable import PluginIsolation

/// The parent's reply wait (issue 40): how long it spins, learned from the replies that came
/// within its cap, on a clock the test moves.
struct ReplySpinTests {
    @Test func aSpinWithNoRepliesYetWaitsTheMinimum() {
        #expect(ReplySpin().budget == ReplySpin.minimum)
    }

    @Test func quickRepliesSetTheBudgetToTwiceTheSlowestOfTheRecentOnes() {
        var spin = ReplySpin()
        for seconds in [40e-6, 120e-6, 60e-6] { spin.learn(seconds) }
        #expect(spin.budget == 240e-6)
    }

    @Test func theBudgetNeverPassesTheCapNorFallsBelowTheMinimum() {
        var spin = ReplySpin()
        spin.learn(400e-6)
        #expect(spin.budget == ReplySpin.cap)
        #expect(ReplySpin.budget(after: [5e-6, 10e-6]) == ReplySpin.minimum)
        #expect(ReplySpin.budget(after: [ReplySpin.cap]) == ReplySpin.cap)
    }

    @Test func aReplySlowerThanTheCapLeavesTheBudgetAsItWas() {
        var spin = ReplySpin()
        spin.learn(150e-6)
        for seconds in [ReplySpin.cap * 1.01, 5e-3, 30.0] { spin.learn(seconds) }
        #expect(spin.budget == 300e-6)
    }

    @Test func aQuickReplyIsForgottenOnceEnoughQuickerOnesCame() {
        var spin = ReplySpin()
        spin.learn(200e-6)
        for _ in 1..<ReplySpin.remembered { spin.learn(30e-6) }
        #expect(spin.budget == 400e-6)
        spin.learn(30e-6)
        #expect(spin.budget == ReplySpin.minimum)
        spin.learn(90e-6)
        #expect(spin.budget == 180e-6)
    }

    @Test func aReplyWithinTheBudgetIsTakenWithoutBlockingAndTeachesTheSpin() {
        let clock = SteppingClock(step: 10e-6)
        var spin = ReplySpin()
        var polls = 0
        var blocked = false
        let reply = spin.wait(
            clock: clock.read,
            poll: { () -> Int? in
                polls += 1
                return polls == 8 ? 7 : nil
            },
            block: { () -> Int in
                blocked = true
                return 0
            })
        #expect(reply == 7)
        #expect(!blocked)
        // Read at the start, after each of 7 empty polls, and once the reply came: 80 µs.
        #expect(abs(spin.budget - 160e-6) < 1e-9)
    }

    @Test func noReplyWithinTheBudgetBlocksAfterSpinningTheBudget() {
        let clock = SteppingClock(step: 10e-6)
        var spin = ReplySpin()
        spin.learn(152.5e-6)
        var polls = 0
        var blockedAt: Double?
        let reply = spin.wait(
            clock: clock.read,
            poll: { () -> Int? in
                polls += 1
                return nil
            },
            block: { () -> Int in
                blockedAt = clock.now
                clock.advance(20e-3)
                return 3
            })
        #expect(reply == 3)
        // A budget of 305 µs, the clock read 10 µs apart from 10 µs on: 31 polls, blocking at 320 µs.
        #expect(polls == 31)
        #expect(blockedAt.map { abs($0 - 320e-6) < 1e-9 } == true)
        // A 20 ms call (a prepare) teaches nothing.
        #expect(spin.budget == 305e-6)
    }

    @Test func aLongCallSpinsNoLongerThanTheCap() {
        let clock = SteppingClock(step: 3e-6)
        var spin = ReplySpin()
        spin.learn(ReplySpin.cap)
        var spun: Double?
        _ = spin.wait(
            clock: clock.read, poll: { () -> Int? in nil },
            block: { () -> Int in
                spun = clock.now - 3e-6
                return 0
            })
        // From the first reading to the one that ended the spin: the cap, and not a poll more.
        #expect(spun.map { $0 >= ReplySpin.cap - 1e-9 && $0 < ReplySpin.cap + 3e-6 } == true)
    }
}
