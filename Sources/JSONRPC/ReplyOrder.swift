import Foundation
import Synchronization

/// Keeps the replies that share an ordering key (for the engine, a view) in request order
/// across batches.
///
/// The handler orders the requests of one key (a view's own queue), but a batch's array is
/// written only when its last request is done, which may be on another key's queue. So every
/// reply with ordering keys (`RequestHandler.orderingKeys`: a single request, or a batch
/// holding such requests) gets a ticket when it arrives, naming the batches with the same keys
/// that came before it and are not yet written; the reply is written once those are, right
/// after the last of them. Every write happens synchronously in whichever reply completes it —
/// inside the work the handler tracks, so a later `shutdown` still comes after.
final class ReplyOrder: Sendable {
    /// One reply to write: a single reply or a batch's array.
    final class Ticket: @unchecked Sendable {
        // Unchecked: its fields are only touched inside the order's `unwrittenBatches` lock.
        fileprivate let keys: [String]
        fileprivate let isBatch: Bool
        fileprivate var blockers: [Ticket]
        fileprivate var parts: [[UInt8]]?
        fileprivate var isWritten = false
        /// Replies ready and waiting for this one to be written, in the order they became ready.
        fileprivate var waiting: [Ticket] = []

        fileprivate init(keys: [String], isBatch: Bool, blockers: [Ticket]) {
            self.keys = keys
            self.isBatch = isBatch
            self.blockers = blockers
        }
    }

    private let output: any MessageOutput
    /// Per key, the batches about it not yet written, in arrival order; every ticket's
    /// fields are read and written only while this is locked.
    private let unwrittenBatches = Mutex<[String: [Ticket]]>([:])

    init(output: any MessageOutput) {
        self.output = output
    }

    /// A ticket for a reply that concerns `keys`, arriving now; nil if nothing before it can
    /// hold it back (it is then written at once). Call on the reading thread, in arrival order.
    func ticket(keys: [String], isBatch: Bool) -> Ticket? {
        guard !keys.isEmpty else { return nil }
        return unwrittenBatches.withLock { unwrittenBatches in
            var blockers: [Ticket] = []
            for key in keys {
                for batch in unwrittenBatches[key] ?? [] where !blockers.contains(where: { $0 === batch }) {
                    blockers.append(batch)
                }
            }
            guard isBatch || !blockers.isEmpty else { return nil }
            let ticket = Ticket(keys: keys, isBatch: isBatch, blockers: blockers)
            if isBatch {
                for key in keys { unwrittenBatches[key, default: []].append(ticket) }
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
                    for key in next.keys {
                        unwrittenBatches[key]?.removeAll { $0 === next }
                        if unwrittenBatches[key]?.isEmpty == true { unwrittenBatches[key] = nil }
                    }
                }
                ready += next.waiting
                next.waiting = []
            }
        }
    }
}
