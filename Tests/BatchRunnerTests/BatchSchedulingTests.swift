import Foundation
import ParallelWork
import Testing
import WorkspaceBatch

/// The ordered parallel scheduler and the shard partition, without any plugin.
struct BatchSchedulingTests {
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

    @Test func shardsAreDisjointAndCoverEveryView() {
        for count in 1...7 {
            let shards = (1...count).map { Shard(index: $0, count: count) }
            for view in 0..<50 {
                #expect(shards.filter { $0.contains(viewNumber: view) }.count == 1)
            }
        }
        #expect(Shard(index: 2, count: 3).contains(viewNumber: 4))
        #expect(!Shard(index: 2, count: 3).contains(viewNumber: 5))
    }

    @Test(arguments: ["1/1", "3/4", "10/10"])
    func shardsParse(text: String) {
        #expect(Shard(parsing: text)?.description == text)
    }

    @Test(arguments: ["", "1", "0/3", "4/3", "-1/3", "1/0", "a/b", "1/2/3", " 1/2", "1/2000000"])
    func badShardsAreRefused(text: String) {
        #expect(Shard(parsing: text) == nil)
    }
}
