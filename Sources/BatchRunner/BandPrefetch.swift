import Foundation
import LayoutKit
import PluginHost
import Sessions
import Synchronization

/// The write pass's queries, one band ahead of the writer, on a thread of their own: while
/// one band's JSON is written, the plugin computes the next band and the host checks it.
/// At most three bands' records exist at once (one written, one waiting, one being asked for).
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

    private func fetch(_ session: ViewSession, _ rects: [Rect]) {
        for rect in rects {
            room.wait()
            if state.withLock({ $0.isFinished }) { return }
            let answer = Result { () throws(ViewSessionError) in
                try session.withElementRecords(in: rect) { $0.copied() }
            }
            state.withLock { $0.waiting.append(answer) }
            answered.signal()
            if case .failure = answer { return }
        }
    }
}

/// Hands the session to the fetching thread; `BandPrefetch.finish` hands it back.
private struct SessionBox: @unchecked Sendable {
    // Unchecked: one thread uses the session at a time (see BandPrefetch).
    let session: ViewSession
}
