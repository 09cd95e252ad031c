import Foundation

/// Runs numbered pieces of work on several threads and hands their results over in number
/// order, each as soon as it and every one before it are done: the scheduling of a batch,
/// kept apart from the writing of its results.
///
/// At most `window` results wait, finished, for an earlier one; workers start no piece
/// beyond that, so memory stays bounded by the window, not the batch.
public enum OrderedParallel {
    /// Runs `work(0..<count)` on `jobs` threads (here, on the calling thread when `jobs` is 1)
    /// and calls `deliver` on the calling thread in index order.
    public static func run<Result: Sendable>(count: Int, jobs: Int, work: @escaping @Sendable (Int) -> Result, deliver: (Int, Result) -> Void) {
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

    /// Claims, results and the delivery point, under one condition variable.
    private final class State<Result: Sendable>: @unchecked Sendable {  // Unchecked: every field is touched only with `condition` locked.
        private let condition = NSCondition()
        private let count: Int
        private let window: Int
        private var nextClaim = 0
        private var delivered = 0
        private var finished: [Int: Result] = [:]

        init(count: Int, window: Int) {
            self.count = count
            self.window = window
        }

        /// The next index to work on, waiting while the window is full; nil when none is left.
        func claim() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while nextClaim < count && nextClaim >= delivered + window { condition.wait() }
            guard nextClaim < count else { return nil }
            nextClaim += 1
            return nextClaim - 1
        }

        func finish(_ index: Int, _ result: Result) {
            condition.lock()
            finished[index] = result
            condition.broadcast()
            condition.unlock()
        }

        /// Waits for result `index` and takes it, opening the window by one.
        func take(_ index: Int) -> Result {
            condition.lock()
            defer { condition.unlock() }
            while finished[index] == nil { condition.wait() }
            delivered = index + 1
            condition.broadcast()
            return finished.removeValue(forKey: index)!
        }
    }
}
