import LayoutKit

/// A badge placed on its cell (§3.8): `(cellX + (cellW − sw)·ax + ox, cellY + (cellH − sh)·ay + oy, sw, sh)`.
struct BadgePlacement: Sendable {
    /// The kind's index among the layout's supplementary kinds (in name order).
    var kindRank: Int
    var zIndex: Int
    /// `(cellW − sw)·ax` and `(cellH − sh)·ay`.
    var anchorX: Double
    var anchorY: Double
    var offsetX: Double
    var offsetY: Double
    var width: Double
    var height: Double

    /// The badge on a cell of `leaf`'s size. O(1).
    init(_ badge: BadgeDescription, kindRank: Int, leaf: Rect) {
        let (width, height) = badge.size.resolved(width: leaf.width, height: leaf.height)
        self.kindRank = kindRank
        zIndex = badge.zIndex
        anchorX = (leaf.width - width) * badge.anchor.x
        anchorY = (leaf.height - height) * badge.anchor.y
        switch badge.offset {
        case .absolute(let x, let y):
            offsetX = x
            offsetY = y
        case .fractional(let x, let y):
            offsetX = x * width
            offsetY = y * height
        }
        self.width = width
        self.height = height
    }

    /// The badge's frame on the cell at `cell`. O(1).
    @inline(__always)
    func frame(inCell cell: Rect) -> Rect {
        Rect(x: cell.minX + anchorX + offsetX, y: cell.minY + anchorY + offsetY, width: width, height: height)
    }
}
