/// What an invalidation makes stale (UICollectionViewLayoutInvalidationContext, flattened).
public struct Invalidation: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Everything: the next prepare starts from scratch.
    public static let everything = Invalidation(rawValue: 1 << 0)
    /// The data source changed (counts or values).
    public static let data = Invalidation(rawValue: 1 << 1)
    /// Only the bounds moved or resized; a layout may recompute just what depends on them.
    public static let bounds = Invalidation(rawValue: 1 << 2)
    /// Some items only (a preferred size, ABI 2.1): the layout knows which.
    public static let items = Invalidation(rawValue: 1 << 3)
}
