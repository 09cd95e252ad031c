import Testing
import WorkspaceBatch

/// The shard partition of `run --shard` and `check --shard`.
struct ShardTests {
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
