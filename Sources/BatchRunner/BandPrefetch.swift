import Foundation
import LayoutKit
import PluginHost
import Sessions
import Synchronization

/// The write pass's queries, ahead of the writer, on a thread of their own: while one band's
/// JSON is written, this thread checks and copies the next band, and the plugin computes the
/// one after it (`ViewSession.withElementRecords(inEach:)`). At most three bands' records are
/// copied at once (one written, one waiting, one being copied).
///
/// The session is used by the fetching thread alone until `finish`, which waits for that
/// thread to end; the writer must call it before using the session again.
final class BandPrefetch: Sendable {
    private let state = Mutex<(waiting: [Result<CopiedRecords, ViewSessionError>], isFinished: Bool)>(([], false))
    /// A permit to ask for the next band: one band waits at most. (Made at 0 and signalled
    /// up: libdispatch traps when a semaphore is freed below the value it was made with.)
    private let room = DispatchSemaphore(value: 0)
    /// One signal per band answered.
    private let answered = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    /// Starts asking `session` for each of `rects` in turn.
    init(session: ViewSession, rects: [Rect]) {
        room.signal()
        let box = SessionBox(session: session)
        Thread.detachNewThread { [self] in
            fetch(box.session, rects)
            ended.signal()
        }
    }

    /// The next band's copied answer (or the error asking for it), waiting for it if needed.
    func next() -> Result<CopiedRecords, ViewSessionError> {
        answered.wait()
        let first = state.withLock { $0.waiting.removeFirst() }
        room.signal()
        return first
    }

    /// Stops asking (after the band being asked for) and waits for the fetching thread to end.
    func finish() {
        state.withLock { $0.isFinished = true }
        room.signal()
        ended.wait()
    }

    /// Asks for the bands in turn (the plugin computing the next while this one is copied),
    /// each once there is room for it.
    private func fetch(_ session: ViewSession, _ rects: [Rect]) {
        do {
            try session.withElementRecords(inEach: rects) { _, records in
                room.wait()
                if state.withLock({ $0.isFinished }) { return false }
                let copy = records.copied()
                state.withLock { $0.waiting.append(.success(copy)) }
                answered.signal()
                return true
            }
        } catch {
            state.withLock { $0.waiting.append(.failure(error)) }
            answered.signal()
        }
    }
}

/// Hands the session to the fetching thread; `BandPrefetch.finish` hands it back.
private struct SessionBox: @unchecked Sendable {
    // Unchecked: one thread uses the session at a time (see BandPrefetch).
    let session: ViewSession
}
