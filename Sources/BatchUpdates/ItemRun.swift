/// Old items `old ..< old + count` (global indices) that become new items `new ..< new + count`.
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
