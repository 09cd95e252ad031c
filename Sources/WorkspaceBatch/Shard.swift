/// One of N parts of a batch, `K/N`: the views numbered k − 1, k − 1 + N, k − 1 + 2N, …
/// counting every view of the batch in order (files in the order given, folders' files by
/// name, views in file order). The N shards are disjoint and together are the whole batch,
/// and the same arguments give the same partition on any machine.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// 1-based.
    public let index: Int
    public let count: Int

    /// The whole batch.
    public static let whole = Shard(index: 1, count: 1)

    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count) out of range")
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with 1 ≤ K ≤ N; nil otherwise.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
            count >= 1, count <= 1_000_000, (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    /// Whether the view numbered `number` (0-based, over the whole batch) is in this shard.
    public func contains(viewNumber number: Int) -> Bool {
        number % count == index - 1
    }

    public var description: String { "\(index)/\(count)" }
}
