internal import CLayoutABI
import Foundation
import LayoutKit
import Synchronization

/// Many rects' records, pipelined as a plugin process pipelines them: a thread of its own asks
/// the plugin for the next rect, into the second buffer, while `body` reads this one's. The
/// plugin is still called by one thread at a time (the caller calls it only after `finish`).
extension InProcessInstance {
    func withElements(
        inEach rects: [Rect], _ body: (_ index: Int, AttributesRecords) throws(PluginCallError) -> Bool
    ) throws(PluginCallError) {
        let buffers = [buffer, spareBuffer]
        let ahead = QueriesAhead(calls: calls, rects: rects, buffers: buffers)
        defer {
            ahead.finish()
            for buffer in buffers { buffer.releaseExcess() }
        }
        for index in rects.indices {
            let (status, error) = ahead.answer()
            guard try body(index, try checkedAnswer(status, error, rect: rects[index], in: buffers[index % 2])) else {
                return
            }
        }
    }
}

/// The querying thread of `InProcessInstance.withElements(inEach:)`: rect k+1 is asked for
/// once the caller has rect k's answer, so the buffer it goes into (rect k−1's) is read no more.
private final class QueriesAhead: @unchecked Sendable {
    // Unchecked: the plugin and the buffers are used by this thread between a permit and its
    // answer only, and by the caller otherwise.
    private let calls: LayoutCalls
    private let rects: [Rect]
    private let buffers: [AttributesBuffer]
    private let state = Mutex<(answers: [(Int32, wb_error)], isFinished: Bool)>(([], false))
    /// A permit to ask for the next rect. (Made at 0 and signalled up: libdispatch traps when a
    /// semaphore is freed below the value it was made with.)
    private let permits = DispatchSemaphore(value: 0)
    /// One signal per rect answered.
    private let answered = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    init(calls: LayoutCalls, rects: [Rect], buffers: [AttributesBuffer]) {
        (self.calls, self.rects, self.buffers) = (calls, rects, buffers)
        permits.signal()
        Thread.detachNewThread { [self] in
            ask()
            ended.signal()
        }
    }

    private func ask() {
        for (index, rect) in rects.enumerated() {
            permits.wait()
            if state.withLock({ $0.isFinished }) { return }
            let buffer = buffers[index % 2]
            buffer.reset()
            let answer = calls.elements(in: rect.abi, into: buffer.sink)
            state.withLock { $0.answers.append(answer) }
            answered.signal()
        }
    }

    /// The next rect's status and error, waiting for them; lets the thread ask for the one after.
    func answer() -> (Int32, wb_error) {
        answered.wait()
        let answer = state.withLock { $0.answers.removeFirst() }
        permits.signal()
        return answer
    }

    /// Stops asking (after the rect being asked for) and waits for the thread to end.
    func finish() {
        state.withLock { $0.isFinished = true }
        permits.signal()
        ended.wait()
    }
}
