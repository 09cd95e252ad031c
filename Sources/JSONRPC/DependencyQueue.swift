import Dispatch
import Synchronization

/// What a piece of work waits for, as data: the kinds of earlier work that hold it back.
public protocol DependencyTracker: Hashable, Sendable {
    /// Whether earlier, unfinished work of this kind holds back `later` work. Work queued
    /// (`DependencyQueue.async`) holds back later work of its own kind, so the work of one
    /// kind runs in order and a task waits only for the newest unfinished one of each kind
    /// it depends on.
    func isDependency(of later: Self) -> Bool
}

extension DependencyTracker {
    /// `isDependency(of:)` for work of any tracker type: false across types.
    func isDependency(ofAny later: any DependencyTracker) -> Bool {
        guard let later = later as? Self else { return false }
        return isDependency(of: later)
    }
}

/// No work at all: the kind of a handler whose replies never wait for others (`RequestHandler.work(of:)`).
extension Never: DependencyTracker {
    public func isDependency(of later: Never) -> Bool {}
}

/// Runs work once the earlier work it depends on (`DependencyTracker`) has finished; work that
/// depends on nothing unfinished runs at once, and unrelated work runs in parallel (on
/// Dispatch's global threads). The one queue of the engine and of `workbench mcp`.
///
/// Adding a task costs one step per kind with unfinished work (for the engine: the views
/// busy now), whatever the number of tasks waiting. A thread that finishes a task goes on
/// with the first one that task made ready, as a serial queue drains, so a busy view's
/// requests do not each wait for a thread of their own.
public final class DependencyQueue<Kind: DependencyTracker>: Sendable {
    /// A submitted task's place in submission order (`waitForEarlier`).
    public struct Ticket: Sendable {
        @usableFromInline let sequence: UInt64

        @usableFromInline init(sequence: UInt64) { self.sequence = sequence }
    }

    @usableFromInline final class Task: @unchecked Sendable {
        // Unchecked: `blockers`, `dependents`, `waiters` and the links are only touched with the
        // queue's lock held; `work` by the one thread that runs it, once, then let go.
        @usableFromInline let kind: Kind
        @usableFromInline let sequence: UInt64
        @usableFromInline var work: (@Sendable (Ticket) -> Void)?
        @usableFromInline var blockers = 0
        @usableFromInline var dependents: [Task] = []
        /// Threads in `waitForEarlier` waiting for this task among others.
        @usableFromInline var waiters: [Waiter] = []
        /// Whether it is its kind's newest unfinished task (`State.newest`).
        @usableFromInline var isNewestOfItsKind = true
        /// The unfinished tasks submitted just before and just after it (`State.oldest`).
        @usableFromInline var earlier: Task?
        @usableFromInline var later: Task?

        @usableFromInline init(kind: Kind, sequence: UInt64, work: @escaping @Sendable (Ticket) -> Void) {
            self.kind = kind
            self.sequence = sequence
            self.work = work
        }
    }

    /// A thread in `waitForEarlier`: woken once the last task it waits for finishes.
    @usableFromInline final class Waiter: @unchecked Sendable {
        // Unchecked: `remaining` is only touched with the queue's lock held.
        @usableFromInline var remaining = 0
        @usableFromInline let done = DispatchSemaphore(value: 0)

        @usableFromInline init() {}
    }

    @usableFromInline struct State {
        @usableFromInline var nextSequence: UInt64 = 0
        /// The newest unfinished task of each kind: as a kind's work runs in order, the others
        /// of its kind finish before it.
        @usableFromInline var newest: [Kind: Task] = [:]
        /// The unfinished tasks in submission order, linked through `later` (for
        /// `waitForEarlier`): adding one and taking one out cost a step each.
        @usableFromInline var oldest: Task?
        @usableFromInline var latest: Task?

        @usableFromInline init() {}
    }

    @usableFromInline let state = Mutex(State())

    public init() {}

    /// Adds `work` of `kind`. It runs once every earlier unfinished task it depends on has
    /// finished; with `mayRunInline` and nothing to wait for, on the calling thread, before
    /// this returns (a thread hop would cost more than a quick answer).
    @inlinable @discardableResult
    public func async(
        _ kind: Kind, mayRunInline: Bool = false, _ work: @escaping @Sendable (Ticket) -> Void
    ) -> Ticket {
        assert(kind.isDependency(of: kind), "work of one kind must run in order")
        let (task, isReady) = state.withLock { state in
            let task = Task(kind: kind, sequence: state.nextSequence, work: work)
            state.nextSequence += 1
            for (earlierKind, earlier) in state.newest where earlierKind.isDependency(of: kind) {
                earlier.dependents.append(task)
                task.blockers += 1
            }
            state.newest.updateValue(task, forKey: kind)?.isNewestOfItsKind = false
            task.earlier = state.latest
            state.latest?.later = task
            state.latest = task
            if state.oldest == nil { state.oldest = task }
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
    @inlinable public func hasUnfinished(_ kind: Kind) -> Bool {
        state.withLock { state in state.newest[kind] != nil }
    }

    /// Waits until no task submitted before `ticket` and of a kind `matching` takes is
    /// unfinished, or until `timeout` seconds have passed; false if they had (the tasks still
    /// signal the waiter when they end, to no one).
    @discardableResult
    public func waitForEarlier(
        than ticket: Ticket, _ matching: (Kind) -> Bool, timeout: Double? = nil
    ) -> Bool {
        let waiter = Waiter()
        let isDone = state.withLock { state in
            var next = state.oldest
            while let task = next, task.sequence < ticket.sequence {
                if matching(task.kind) {
                    task.waiters.append(waiter)
                    waiter.remaining += 1
                }
                next = task.later
            }
            return waiter.remaining == 0
        }
        if isDone { return true }
        return waiter.done.wait(timeout: timeout.map { .now() + $0 } ?? .distantFuture) == .success
    }

    @inlinable func start(_ task: Task, inline: Bool) {
        if inline {
            run(task, drains: false)
        } else {
            DispatchQueue.global().async { [self] in run(task, drains: true) }
        }
    }

    /// Runs `task`; then, when `drains`, the first task it made ready, on this thread, and so
    /// on (the others start on threads of their own). Work run inline does not drain: the
    /// caller, the reading thread, goes back to reading.
    @inlinable func run(_ task: Task, drains: Bool) {
        var next: Task? = task
        while let task = next {
            task.work?(Ticket(sequence: task.sequence))
            task.work = nil  // what it holds goes now, outside the lock
            var ready = finish(task)
            next = drains && !ready.isEmpty ? ready.removeFirst() : nil
            for other in ready { start(other, inline: false) }
        }
    }

    /// Marks `task` finished; returns the tasks that now wait for nothing.
    @inlinable func finish(_ task: Task) -> [Task] {
        let (ready, woken) = state.withLock { state -> ([Task], [Waiter]) in
            if task.isNewestOfItsKind { state.newest[task.kind] = nil }
            if let earlier = task.earlier { earlier.later = task.later } else { state.oldest = task.later }
            if let later = task.later { later.earlier = task.earlier } else { state.latest = task.earlier }
            task.earlier = nil
            task.later = nil
            var ready: [Task] = []
            for dependent in task.dependents {
                dependent.blockers -= 1
                if dependent.blockers == 0 { ready.append(dependent) }
            }
            var woken: [Waiter] = []
            for waiter in task.waiters {
                waiter.remaining -= 1
                if waiter.remaining == 0 { woken.append(waiter) }
            }
            task.dependents = []
            task.waiters = []
            return (ready, woken)
        }
        for waiter in woken { waiter.done.signal() }
        return ready
    }
}
