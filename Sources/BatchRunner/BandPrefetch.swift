import Foundation
import LayoutKit
import PluginHost
import Sessions

/// The write pass's queries, one band ahead of the writer, on a thread of their own: while
/// one band's JSON is written, the plugin computes the next band and the host checks it.
/// At most three bands' records exist at once (one written, one waiting, one being asked for).
///
/// The session is used by the fetching thread alone until `finish`, which waits for that
/// thread to end; the writer must call it before using the session again.
final class BandPrefetch: @unchecked Sendable {  // Unchecked: `waiting` and `isFinished` are only touched under `condition`.
    private let condition = NSCondition()
    private var waiting: [Result<CopiedRecords, ViewSessionError>] = []
    private var isFinished = false
    private let ended = DispatchSemaphore(value: 0)

    /// Starts asking `session` for each of `rects` in turn.
    init(session: ViewSession, rects: [Rect]) {
        let box = SessionBox(session: session)
        Thread.detachNewThread { [self] in
            fetch(box.session, rects)
            ended.signal()
        }
    }

    /// The next band's copied answer (or the error asking for it), waiting for it if needed.
    func next() -> Result<CopiedRecords, ViewSessionError> {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty { condition.wait() }
        let first = waiting.removeFirst()
        condition.broadcast()
        return first
    }

    /// Stops asking (after the band being asked for) and waits for the fetching thread to end.
    func finish() {
        condition.lock()
        isFinished = true
        condition.broadcast()
        condition.unlock()
        ended.wait()
    }

    private func fetch(_ session: ViewSession, _ rects: [Rect]) {
        for rect in rects {
            condition.lock()
            while waiting.count >= 1 && !isFinished { condition.wait() }
            let stop = isFinished
            condition.unlock()
            if stop { return }
            let answer = Result { () throws(ViewSessionError) in try session.withElementRecords(in: rect) { $0.copied() } }
            condition.lock()
            waiting.append(answer)
            condition.broadcast()
            condition.unlock()
            if case .failure = answer { return }
        }
    }
}

/// Hands the session to the fetching thread; `BandPrefetch.finish` hands it back.
private struct SessionBox: @unchecked Sendable {  // Unchecked: one thread uses the session at a time (see BandPrefetch).
    let session: ViewSession
}
