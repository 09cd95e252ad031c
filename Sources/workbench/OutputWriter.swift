import Foundation
import Synchronization

/// `workbench run`'s standard output, written on a thread of its own: while one piece waits for
/// the reader to drain the pipe, the next piece is formatted. Pieces are kept as they are handed
/// over (an `ArraySlice` shares its array, so nothing is copied) and written in order; at most
/// `maximumPending` wait at once, so memory stays at a few pieces.
final class OutputWriter: Sendable {
    static let maximumPending = 2

    private let stream: StandardStream
    private let pending = Mutex<[ArraySlice<UInt8>]>([])
    /// One permit per piece that may wait. (Made at 0 and signalled up: libdispatch traps when
    /// a semaphore is freed below the value it was made with.)
    private let room = DispatchSemaphore(value: 0)
    /// One signal per piece handed over, and one for `finish`.
    private let handedOver = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    init(_ stream: StandardStream) {
        self.stream = stream
        for _ in 0..<Self.maximumPending { room.signal() }
        Thread.detachNewThread { [self] in
            writeAll()
            ended.signal()
        }
    }

    /// Hands `bytes` over to be written after everything handed over before; waits while
    /// `maximumPending` pieces are already waiting.
    func append(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        room.wait()
        pending.withLock { $0.append(bytes) }
        handedOver.signal()
    }

    /// Writes what is left, and ends the thread.
    func finish() {
        handedOver.signal()
        ended.wait()
        stream.flush()
    }

    private func writeAll() {
        while true {
            handedOver.wait()
            // Nothing pending: this is `finish`'s signal, every piece before it written.
            guard let piece = pending.withLock({ $0.first }) else { return }
            stream.append(piece)
            pending.withLock { _ = $0.removeFirst() }
            room.signal()
        }
    }
}
