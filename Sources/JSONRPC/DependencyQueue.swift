import Dispatch
import Foundation
import Synchronization

/// What a piece of work waits for, as data: the kinds of earlier work that hold it back.
public protocol DependencyTracker: Hashable, Sendable {
    /// Whether earlier, unfinished work of this kind holds back `later` work. Kinds that hold
    /// each other back must wait for the same earlier kinds (they form a chain), so a task
    /// waits only for the newest unfinished one of its own chain and what came after it.
    func isDependency(of later: Self) -> Bool
}

extension DependencyTracker {
    /// `isDependency(of:)` for work of any tracker type: false across types.
    func isDependency(ofAny later: any DependencyTracker) -> Bool {
        guard let later = later as? Self else { return false }
        return isDependency(of: later)
    }
}

/// Runs work once the earlier work it depends on (`DependencyTracker`) has finished; work that
/// depends on nothing unfinished runs at once, and unrelated work runs in parallel (on
/// Dispatch's global threads). The one queue of the engine and of `workbench mcp`.
public final class DependencyQueue<Kind: DependencyTracker>: Sendable {
    /// A submitted task's place in submission order (`waitForEarlier`).
    public struct Ticket: Sendable {
        let sequence: UInt64
    }

    private final class Task: @unchecked Sendable {
        // Unchecked: `blockers`, `dependents` and `isFinished` are only touched with the queue's
        // lock held; `work` is run once, then let go (with what it holds) under the lock.
        let kind: Kind
        let sequence: UInt64
        var work: (@Sendable (Ticket) -> Void)?
        var blockers = 0
        var dependents: [Task] = []
        var isFinished = false

        init(kind: Kind, sequence: UInt64, work: @escaping @Sendable (Ticket) -> Void) {
            self.kind = kind
            self.sequence = sequence
            self.work = work
        }
    }

    private struct State {
        /// Tasks in submission order: those from `head` on may be unfinished (the finished
        /// ones at the front are dropped now and then, so that finishing costs O(1)).
        var tasks: [Task] = []
        var head = 0

        var unfinished: some BidirectionalCollection<Task> { tasks[head...].lazy.filter { !$0.isFinished } }
        var nextSequence: UInt64 = 0
        /// How many unfinished tasks there are of each kind.
        var counts: [Kind: Int] = [:]
        /// Threads in `waitForEarlier`.
        var waiters = 0
    }

    private let state = Mutex(State())
    /// Wakes `waitForEarlier` when a task finishes.
    private let finished = NSCondition()

    public init() {}

    /// Adds `work` of `kind`. It runs once every earlier unfinished task it depends on has
    /// finished; with `mayRunInline` and nothing to wait for, on the calling thread, before
    /// this returns (a thread hop would cost more than a quick answer).
    @discardableResult
    public func async(
        _ kind: Kind, mayRunInline: Bool = false, _ work: @escaping @Sendable (Ticket) -> Void
    ) -> Ticket {
        let (task, isReady) = state.withLock { state in
            let task = Task(kind: kind, sequence: state.nextSequence, work: work)
            state.nextSequence += 1
            for earlier in state.unfinished.reversed() where earlier.kind.isDependency(of: kind) {
                earlier.dependents.append(task)
                task.blockers += 1
                if kind.isDependency(of: earlier.kind) { break }  // the newest of its chain waits for the rest
            }
            state.tasks.append(task)
            state.counts[kind, default: 0] += 1
            return (task, task.blockers == 0)
        }
        if isReady { start(task, inline: mayRunInline) }
        return Ticket(sequence: task.sequence)
    }

    /// Adds `work` of `kind` once `delay` seconds have passed (then as `async` does).
    public func async(_ kind: Kind, after delay: Double, _ work: @escaping @Sendable (Ticket) -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in async(kind, work) }
    }

    /// The ticket the next task will get: every task submitted so far is earlier than it.
    public var nextTicket: Ticket { state.withLock { Ticket(sequence: $0.nextSequence) } }

    /// Whether a task of `kind` was submitted and has not finished.
    public func hasUnfinished(_ kind: Kind) -> Bool {
        state.withLock { state in state.counts[kind] != nil }
    }

    /// Waits until no task submitted before `ticket` and of a kind `matching` takes is
    /// unfinished, or until `timeout` seconds have passed; false if they had.
    @discardableResult
    public func waitForEarlier(
        than ticket: Ticket, _ matching: (Kind) -> Bool, timeout: Double? = nil
    ) -> Bool {
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        finished.lock()
        defer { finished.unlock() }
        state.withLock { $0.waiters += 1 }
        defer { state.withLock { $0.waiters -= 1 } }
        while state.withLock({ state in
            state.unfinished.contains { $0.sequence < ticket.sequence && matching($0.kind) }
        }) {
            if let deadline {
                if !finished.wait(until: deadline) { return false }
            } else {
                finished.wait()
            }
        }
        return true
    }

    private func start(_ task: Task, inline: Bool) {
        if inline {
            run(task)
        } else {
            DispatchQueue.global().async { [self] in run(task) }
        }
    }

    private func run(_ task: Task) {
        task.work?(Ticket(sequence: task.sequence))
        let (ready, hasWaiters) = state.withLock { state -> ([Task], Bool) in
            task.isFinished = true
            task.work = nil
            while state.head < state.tasks.count, state.tasks[state.head].isFinished { state.head += 1 }
            if state.head >= 1024, state.head * 2 >= state.tasks.count {
                state.tasks.removeFirst(state.head)
                state.head = 0
            }
            if let count = state.counts[task.kind], count > 1 {
                state.counts[task.kind] = count - 1
            } else {
                state.counts[task.kind] = nil
            }
            var ready: [Task] = []
            for dependent in task.dependents {
                dependent.blockers -= 1
                if dependent.blockers == 0 { ready.append(dependent) }
            }
            task.dependents = []
            return (ready, state.waiters > 0)
        }
        if hasWaiters {
            finished.lock()
            finished.broadcast()
            finished.unlock()
        }
        for next in ready { start(next, inline: false) }
    }
}
