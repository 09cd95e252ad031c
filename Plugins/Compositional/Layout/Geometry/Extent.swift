import LayoutKit

/// The smallest box holding some frames: their least origins and greatest far edges.
struct Extent: Equatable, Sendable {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity

    /// No frames.
    static let empty = Extent()

    /// Adds a frame (its origin and far edges, whatever its size). O(1).
    mutating func add(_ frame: Rect) {
        minX = Swift.min(minX, frame.minX)
        minY = Swift.min(minY, frame.minY)
        maxX = Swift.max(maxX, frame.maxX)
        maxY = Swift.max(maxY, frame.maxY)
    }
}
