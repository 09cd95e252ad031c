import LayoutKit

/// The lowest edge (largest `maxY`) of each block of 4096 consecutive circles, kept between
/// prepares so that after a batch update the bottom of the circles kept is found in
/// O(n / 4096 + 4096), not by reading every kept frame again (4 ms at 10^6).
struct BlockBottoms {
    static let blockSize = 4096
    private var bottoms: [Double] = []

    /// The largest `maxY` of all the circles (−∞ for none).
    var bottom: Double { bottoms.reduce(-Double.infinity, max) }

    /// Keeps the blocks wholly before circle `kept` and recomputes the rest from the kept
    /// circles of the last block (read through `keptFrame`) and the new `frames` after them.
    mutating func update(keeping kept: Int, appending frames: [Rect], keptFrame: (Int) -> Rect) {
        let first = kept / Self.blockSize
        bottoms.removeSubrange(min(first, bottoms.count)...)
        var bottom = -Double.infinity
        for item in (first * Self.blockSize)..<kept { bottom = max(bottom, keptFrame(item).maxY) }
        var filled = kept - first * Self.blockSize
        for frame in frames {
            bottom = max(bottom, frame.maxY)
            filled += 1
            if filled == Self.blockSize {
                bottoms.append(bottom)
                bottom = -Double.infinity
                filled = 0
            }
        }
        if filled > 0 { bottoms.append(bottom) }
    }
}
