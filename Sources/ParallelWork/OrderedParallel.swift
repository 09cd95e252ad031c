import Foundation
import Synchronization

/// Runs numbered pieces of work on several threads and hands their results over in number
/// order, each as soon as it and every one before it are done: the scheduling of a batch,
/// kept apart from the writing of its results.
///
/// At most `window` results wait, finished, for an earlier one; workers start no piece
/// beyond that, so memory stays bounded by the window, not the batch.
public enum OrderedParallel {
    /// Runs `work(0..<count)` on `jobs` threads (here, on the calling thread when `jobs` is 1)
    /// and calls `deliver` on the calling thread in index order.
    public static func run<Result: Sendable>(
        count: Int, jobs: Int, work: @escaping @Sendable (Int) -> Result, deliver: (Int, Result) -> Void
    ) {
        guard jobs > 1, count > 1 else {
            for index in 0..<count { deliver(index, work(index)) }
            return
        }
        let state = State<Result>(count: count, window: max(2 * jobs, 4))
        let group = DispatchGroup()
        for _ in 0..<min(jobs, count) {
            group.enter()
            Thread.detachNewThread {
                while let index = state.claim() { state.finish(index, work(index)) }
                group.leave()
            }
        }
        for index in 0..<count { deliver(index, state.take(index)) }
        group.wait()
    }

    /// Claims and results under one lock; the window's free places and the finished results
    /// are counted by semaphores.
    private final class State<Result: Sendable>: Sendable {
        private let count: Int
        /// One permit per index that may be claimed before the earliest undelivered one is
        /// taken. (Made at 0 and signalled up: libdispatch traps when a semaphore is freed
        /// below the value it was made with.)
        private let window = DispatchSemaphore(value: 0)
        /// Signalled once per finished result; only the delivering thread waits on it.
        private let resultFinished = DispatchSemaphore(value: 0)
        private let state = Mutex<(nextClaim: Int, finished: [Int: Result])>((0, [:]))

        init(count: Int, window: Int) {
            self.count = count
            for _ in 0..<window { self.window.signal() }
        }

        /// The next index to work on, waiting while the window is full; nil when none is left.
        func claim() -> Int? {
            window.wait()
            let index = state.withLock { state -> Int? in
                guard state.nextClaim < count else { return nil }
                state.nextClaim += 1
                return state.nextClaim - 1
            }
            // None left: the permit goes on to the next worker waiting, which ends too.
            if index == nil { window.signal() }
            return index
        }

        func finish(_ index: Int, _ result: Result) {
            state.withLock { $0.finished[index] = result }
            resultFinished.signal()
        }

        /// Waits for result `index` and takes it, opening the window by one.
        func take(_ index: Int) -> Result {
            while true {
                if let result = state.withLock({ $0.finished.removeValue(forKey: index) }) {
                    window.signal()
                    return result
                }
                resultFinished.wait()
            }
        }
    }
}
