/// One side of a layout size (`NSCollectionLayoutDimension`), resolved against its container.
enum Dimension: Equatable, Sendable {
    /// A fraction of the container's content width.
    case fractionalWidth(Double)
    /// A fraction of the container's content height.
    case fractionalHeight(Double)
    /// A fixed length.
    case absolute(Double)
    /// A length to be measured; this first cut uses the estimate itself (§3.10).
    case estimated(Double)

    /// The length in a container whose content is `width × height`: `f·cw`, `f·ch` or `x`. O(1).
    func resolved(width: Double, height: Double) -> Double {
        switch self {
        case .fractionalWidth(let fraction): return fraction * width
        case .fractionalHeight(let fraction): return fraction * height
        case .absolute(let length), .estimated(let length): return length
        }
    }

    /// Whether the dimension is `estimated`, which drops the content insets along its axis.
    var isEstimated: Bool {
        if case .estimated = self { return true }
        return false
    }
}
