import Foundation
import ParallelWork
import Testing

/// The ordered parallel scheduler, without any plugin.
struct OrderedParallelTests {
    /// Work that finishes in scrambled order (later indices sooner) still arrives in index order.
    @Test(arguments: [1, 2, 3, 8, 40])
    func resultsArriveInIndexOrderWhateverTheJobs(jobs: Int) {
        var delivered: [Int] = []
        OrderedParallel.run(
            count: 25, jobs: jobs,
            work: { index in
                usleep(UInt32((25 - index) % 7) * 200)
                return index * index
            },
            deliver: { index, square in
                #expect(square == index * index)
                delivered.append(index)
            })
        #expect(delivered == Array(0..<25))
    }

    @Test func noWorkDeliversNothing() {
        var calls = 0
        OrderedParallel.run(count: 0, jobs: 4, work: { $0 }, deliver: { _, _ in calls += 1 })
        #expect(calls == 0)
    }
}
