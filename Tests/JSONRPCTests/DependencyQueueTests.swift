import Foundation
import Synchronization
import Testing

@testable import JSONRPC

/// The one queue type: work waits for exactly the earlier unfinished work it depends on,
/// unrelated work runs in parallel, and `waitForEarlier` waits for what it names.
struct DependencyQueueTests {
    /// Work on a lane waits for its lane's earlier work and for every earlier barrier; a
    /// barrier waits for the barriers before it only (as the engine's views and control work).
    enum Lane: DependencyTracker {
        case barrier
        case lane(Int)

        func isDependency(of later: Lane) -> Bool {
            switch (self, later) {
            case (.barrier, _): true
            case (.lane(let a), .lane(let b)): a == b
            case (.lane, .barrier): false
            }
        }
    }

    /// A gate work waits at until opened.
    final class Gate: Sendable {
        private let opened = DispatchSemaphore(value: 0)
        func wait() { opened.wait() }
        func open() { opened.signal() }
    }

    final class Log: Sendable {
        private let entries = Mutex<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    @Test func oneLanesWorkRunsInOrderAndOtherLanesRunBesideIt() {
        let queue = DependencyQueue<Lane>(), log = Log(), gate = Gate()
        queue.async(.lane(1)) { _ in
            gate.wait()
            log.add("1a")
        }
        queue.async(.lane(1)) { _ in log.add("1b") }
        queue.async(.lane(2)) { _ in log.add("2") }
        // Lane 2 does not wait for lane 1's stuck work.
        #expect(queue.waitForEarlier(than: queue.nextTicket, { $0 == .lane(2) }, timeout: 5))
        #expect(log.all == ["2"])
        gate.open()
        #expect(queue.waitForEarlier(than: queue.nextTicket, { _ in true }, timeout: 5))
        #expect(log.all == ["2", "1a", "1b"])
    }

    @Test func aBarrierHoldsBackLaterWorkButNotEarlierWork() {
        let queue = DependencyQueue<Lane>(), log = Log(), gate = Gate()
        queue.async(.lane(1)) { _ in
            gate.wait()
            log.add("lane before")
        }
        queue.async(.barrier) { _ in log.add("barrier") }
        queue.async(.lane(2)) { _ in log.add("lane after") }
        #expect(queue.waitForEarlier(than: queue.nextTicket, { $0 == .barrier || $0 == .lane(2) }, timeout: 5))
        #expect(log.all == ["barrier", "lane after"])
        #expect(queue.hasUnfinished(.lane(1)))
        gate.open()
        #expect(queue.waitForEarlier(than: queue.nextTicket, { _ in true }, timeout: 5))
        #expect(!queue.hasUnfinished(.lane(1)))
    }

    @Test func workWithNothingToWaitForRunsInlineWhenAllowed() {
        let queue = DependencyQueue<Lane>(), log = Log(), gate = Gate()
        let caller = pthread_self()
        queue.async(.lane(1), mayRunInline: true) { _ in
            log.add(pthread_equal(pthread_self(), caller) != 0 ? "inline" : "hopped")
        }
        #expect(log.all == ["inline"])
        queue.async(.lane(2)) { _ in gate.wait() }
        // Something to wait for: it is queued, not run on the caller's thread.
        queue.async(.lane(2), mayRunInline: true) { _ in
            log.add(pthread_equal(pthread_self(), caller) != 0 ? "inline" : "hopped")
        }
        #expect(log.all == ["inline"])
        gate.open()
        #expect(queue.waitForEarlier(than: queue.nextTicket, { _ in true }, timeout: 5))
        #expect(log.all == ["inline", "hopped"])
    }

    @Test func waitingForEarlierWorkStopsAtItsTimeoutAndCountsOnlyEarlierWork() {
        let queue = DependencyQueue<Lane>(), gate = Gate()
        queue.async(.lane(1)) { _ in gate.wait() }
        let ticket = queue.nextTicket
        #expect(!queue.waitForEarlier(than: ticket, { _ in true }, timeout: 0.05))
        // Work received later, stuck or not, is not waited for.
        let later = Gate()
        queue.async(.lane(3)) { _ in later.wait() }
        gate.open()
        #expect(queue.waitForEarlier(than: ticket, { _ in true }, timeout: 5))
        later.open()
    }

    @Test func aLongRunOfWorkFinishesAndLeavesNothingBehind() {
        let queue = DependencyQueue<Lane>(), count = Mutex(0)
        for index in 0..<5_000 {
            queue.async(index % 100 == 0 ? .barrier : .lane(index % 7)) { _ in count.withLock { $0 += 1 } }
        }
        #expect(queue.waitForEarlier(than: queue.nextTicket, { _ in true }, timeout: 30))
        #expect(count.withLock { $0 } == 5_000)
        #expect(!queue.hasUnfinished(.barrier))
    }
}
