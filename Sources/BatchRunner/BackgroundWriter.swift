import Foundation
import Synchronization

/// Writes on a thread of their own: while one piece goes to the pipe or the file, the next is
/// formatted. Pieces are kept as they are handed over (an `ArraySlice` shares its array, so
/// nothing is copied) and written in order; at most `maximumPending` wait at once, so memory
/// stays at a few pieces. `workbench run` writes standard output and `--output` files so.
///
/// The first write that fails stops the writing; every later call throws its error.
public final class BackgroundWriter: Sendable {
    private static let maximumPending = 2

    private enum Piece {
        case bytes(ArraySlice<UInt8>)
        /// `waitForAll` or `finish` waits until the thread reaches it.
        case mark(isEnd: Bool)
    }

    private let state = Mutex<(pending: [Piece], failure: (any Error)?)>(([], nil))
    /// One permit per piece that may wait. (Made at 0 and signalled up: libdispatch traps when
    /// a semaphore is freed below the value it was made with.)
    private let room = DispatchSemaphore(value: 0)
    /// One signal per piece or mark handed over.
    private let handedOver = DispatchSemaphore(value: 0)
    /// One signal per mark reached.
    private let reached = DispatchSemaphore(value: 0)

    /// Starts the thread that hands each piece to `write`.
    public init(_ write: @escaping @Sendable (ArraySlice<UInt8>) throws -> Void) {
        for _ in 0..<Self.maximumPending { room.signal() }
        Thread.detachNewThread { [self] in writeAll(write) }
    }

    /// Hands `bytes` over to be written after everything handed over before; waits while
    /// `maximumPending` pieces are already waiting.
    ///
    /// - Throws: the error of an earlier write, if one failed.
    public func append(_ bytes: ArraySlice<UInt8>) throws {
        guard !bytes.isEmpty else { return }
        room.wait()
        do {
            try hand(.bytes(bytes))
        } catch {
            room.signal()
            throw error
        }
    }

    /// Waits until everything handed over is written.
    ///
    /// - Throws: the error of a write that failed.
    public func waitForAll() throws {
        try hand(.mark(isEnd: false))
        reached.wait()
        try state.withLock { state in if let failure = state.failure { throw failure } }
    }

    /// Writes what is left, and ends the thread.
    ///
    /// - Throws: the error of a write that failed.
    public func finish() throws {
        try hand(.mark(isEnd: true))
        reached.wait()
        try state.withLock { state in if let failure = state.failure { throw failure } }
    }

    private func hand(_ piece: Piece) throws {
        try state.withLock { state in
            if case .bytes = piece, let failure = state.failure { throw failure }
            state.pending.append(piece)
        }
        handedOver.signal()
    }

    private func writeAll(_ write: (ArraySlice<UInt8>) throws -> Void) {
        while true {
            handedOver.wait()
            let piece = state.withLock { $0.pending.removeFirst() }
            switch piece {
            case .bytes(let bytes):
                if state.withLock({ $0.failure == nil }) {
                    do { try write(bytes) } catch { state.withLock { $0.failure = error } }
                }
                room.signal()
            case .mark(let isEnd):
                reached.signal()
                if isEnd { return }
            }
        }
    }
}
