/// Items that keep their identity through a batch update and stay together: old items
/// `old ..< old + count` (global indices) are new items `new ..< new + count`.
public struct ItemRun: Equatable, Sendable {
    public var old: Int
    public var new: Int
    public var count: Int

    public init(old: Int, new: Int, count: Int) {
        self.old = old
        self.new = new
        self.count = count
    }
}

extension Array where Element == ItemRun {
    /// The run holding global item `global` on the old side (`isOld`) or the new side, by
    /// binary search over the runs sorted on that side (through `order`, or in place when
    /// nil); nil when no run holds it. O(log runs).
    package func run(holding global: Int, isOld: Bool, order: [Int]? = nil) -> ItemRun? {
        func start(_ run: ItemRun) -> Int { isOld ? run.old : run.new }
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if start(self[order?[middle] ?? middle]) <= global { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let run = self[order?[low - 1] ?? (low - 1)]
        return global < start(run) + run.count ? run : nil
    }
}
