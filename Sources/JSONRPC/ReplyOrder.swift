import Foundation
import Synchronization

/// Keeps replies in the order of the work they answer, across batches.
///
/// The handler runs work that depends on earlier work after it (`DependencyTracker`: for the
/// engine, a view's requests in order, and everything after the control work before it), but
/// a batch's array is written only when its last request is done, which may be much later.
/// So every reply whose work depends on something (`RequestHandler.work(of:)`: a single
/// request, or a batch holding such requests) gets a ticket when it arrives, naming the
/// batches before it, not yet written, that hold work it depends on; the reply is written once
/// those are, right after the last of them. Every write happens synchronously in whichever
/// reply completes it — inside the work the handler tracks, so a later `shutdown` still comes
/// after.
final class ReplyOrder: Sendable {
    /// One reply to write: a single reply or a batch's array.
    final class Ticket: @unchecked Sendable {
        // Unchecked: its fields are only touched inside the order's `unwrittenBatches` lock.
        /// The kinds of work the reply answers, each once.
        fileprivate let work: [any DependencyTracker]
        fileprivate let isBatch: Bool
        fileprivate var blockers: [Ticket]
        fileprivate var parts: [[UInt8]]?
        fileprivate var isWritten = false
        /// Replies ready and waiting for this one to be written, in the order they became ready.
        fileprivate var waiting: [Ticket] = []

        fileprivate init(work: [any DependencyTracker], isBatch: Bool, blockers: [Ticket]) {
            self.work = work
            self.isBatch = isBatch
            self.blockers = blockers
        }

        /// Whether work of this reply holds back any of `later`.
        fileprivate func holdsBack(_ later: [any DependencyTracker]) -> Bool {
            work.contains { earlier in later.contains { earlier.isDependency(ofAny: $0) } }
        }
    }

    private let output: any MessageOutput
    /// The batches not yet written, in arrival order; every ticket's fields are read and
    /// written only while this is locked.
    private let unwrittenBatches = Mutex<[Ticket]>([])
    /// How many batches are unwritten: a reply with none before it is written at once, unlocked.
    private let unwrittenCount = Atomic(0)

    init(output: any MessageOutput) {
        self.output = output
    }

    /// A ticket for a reply to work of the kinds `work` (asked only when a batch is unwritten),
    /// arriving now; nil if nothing before it can hold it back (it is then written at once).
    /// Call on the reading thread, in arrival order: only it adds batches.
    func ticket(isBatch: Bool, work kinds: () -> [any DependencyTracker]) -> Ticket? {
        if !isBatch, unwrittenCount.load(ordering: .acquiring) == 0 { return nil }
        let work = kinds()
        guard !work.isEmpty else { return nil }
        return unwrittenBatches.withLock { unwrittenBatches in
            var seen = Set<AnyHashable>()
            let kinds = isBatch ? work.filter { seen.insert(AnyHashable($0)).inserted } : work
            let blockers = unwrittenBatches.filter { $0.holdsBack(kinds) }
            guard isBatch || !blockers.isEmpty else { return nil }
            let ticket = Ticket(work: kinds, isBatch: isBatch, blockers: blockers)
            if isBatch {
                unwrittenBatches.append(ticket)
                unwrittenCount.add(1, ordering: .releasing)
            }
            return ticket
        }
    }

    /// Writes the message `parts` for `ticket` now, or as soon as the batches before it are written.
    func write(_ ticket: Ticket?, _ parts: [[UInt8]]) {
        guard let ticket else { return output.send(parts: parts) }
        unwrittenBatches.withLock { unwrittenBatches in
            ticket.parts = parts
            var ready = [ticket]
            while !ready.isEmpty {
                let next = ready.removeFirst()
                next.blockers.removeAll { $0.isWritten }
                if let blocker = next.blockers.last {
                    blocker.waiting.append(next)
                    continue
                }
                guard let parts = next.parts, !next.isWritten else { continue }
                output.send(parts: parts)
                next.isWritten = true
                next.parts = nil
                if next.isBatch {
                    unwrittenBatches.removeAll { $0 === next }
                    unwrittenCount.subtract(1, ordering: .releasing)
                }
                ready += next.waiting
                next.waiting = []
            }
        }
    }
}
