import Foundation

/// `workbench run`'s standard output, written on a thread of its own: while one piece waits for
/// the reader to drain the pipe, the next piece is formatted. Pieces are kept as they are handed
/// over (an `ArraySlice` shares its array, so nothing is copied) and written in order; at most
/// `maximumPending` wait at once, so memory stays at a few pieces.
final class OutputWriter: @unchecked Sendable {  // Unchecked: `pending` and `isFinished` are only touched under `condition`.
    static let maximumPending = 2

    private let stream: StandardStream
    private let condition = NSCondition()
    private var pending: [ArraySlice<UInt8>] = []
    private var isFinished = false
    private let ended = DispatchSemaphore(value: 0)

    init(_ stream: StandardStream) {
        self.stream = stream
        Thread.detachNewThread { [self] in
            writeAll()
            ended.signal()
        }
    }

    /// Hands `bytes` over to be written after everything handed over before; waits while
    /// `maximumPending` pieces are already waiting.
    func append(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        condition.lock()
        while pending.count >= Self.maximumPending { condition.wait() }
        pending.append(bytes)
        condition.broadcast()
        condition.unlock()
    }

    /// Writes what is left, and ends the thread.
    func finish() {
        condition.lock()
        isFinished = true
        condition.broadcast()
        condition.unlock()
        ended.wait()
        stream.flush()
    }

    private func writeAll() {
        while true {
            condition.lock()
            while pending.isEmpty && !isFinished { condition.wait() }
            guard let piece = pending.first else {
                condition.unlock()
                return
            }
            condition.unlock()
            stream.append(piece)
            condition.lock()
            pending.removeFirst()
            condition.broadcast()
            condition.unlock()
        }
    }
}
