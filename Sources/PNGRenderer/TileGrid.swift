import LayoutKit

/// A part of a view cut into pictures of at most `PNGPainter.maximumSide` pixels a side, all
/// drawn at one scale: one tile when the part fits, else columns and rows of full tiles with
/// the remainder in the last column and row.
///
/// The whole picture is `width` × `height` pixels (each side the part's, times the scale,
/// rounded up); tile `c` across starts at pixel `c × maximumSide`. Pure arithmetic: O(1) a tile.
public struct TileGrid: Equatable, Sendable {
    /// One picture of the grid: `rect` (points) drawn at `scale` into `width` × `height` pixels.
    public struct Tile: Equatable, Sendable {
        public var rect: Rect
        public var width: Int
        public var height: Int
        /// Pixels per point.
        public var scale: Double

        public init(rect: Rect, width: Int, height: Int, scale: Double) {
            self.rect = rect
            self.width = width
            self.height = height
            self.scale = scale
        }
    }

    /// Why a part cannot be cut into tiles.
    public enum Failure: Error, Equatable, Sendable {
        /// The rect or the scale is not a number the grid can draw (said in words).
        case notDrawable(String)
        /// More tiles than the limit would be needed (the count, unrounded for huge parts).
        case tooManyTiles(needed: Double, limit: Int)
    }

    /// The part drawn, in points.
    public let rect: Rect
    /// Pixels per point.
    public let scale: Double
    /// The whole picture's size in pixels.
    public let width: Int
    public let height: Int
    public let columns: Int
    public let rows: Int

    /// How many tiles: `columns × rows`, numbered row by row from the top left.
    public var count: Int { columns * rows }

    /// Cuts `rect` drawn at `scale` pixels a point into tiles.
    ///
    /// - Throws: `notDrawable` when `rect` is not finite, lies beyond ±1e15 or has a side that is
    ///   not positive, or `scale` is not a positive finite number; `tooManyTiles` when more than
    ///   `limit` tiles would be needed (checked before any count becomes an integer).
    public init(rect: Rect, scale: Double, limit: Int) throws(Failure) {
        let bound = 1e15
        guard [rect.x, rect.y, rect.width, rect.height].allSatisfy({ $0.isFinite && abs($0) <= bound }) else {
            throw .notDrawable("the rect must have finite numbers within ±1e15, got \(rect)")
        }
        guard rect.width > 0, rect.height > 0 else {
            throw .notDrawable("the rect must have a positive width and height, got \(rect.width) × \(rect.height)")
        }
        guard scale.isFinite, scale > 0, scale <= 1e6 else {
            throw .notDrawable("the scale must be a positive number of pixels a point, got \(scale)")
        }
        let side = Double(PNGPainter.maximumSide)
        let width = max(1, (rect.width * scale).rounded(.up))
        let height = max(1, (rect.height * scale).rounded(.up))
        let columns = (width / side).rounded(.up), rows = (height / side).rounded(.up)
        guard columns * rows <= Double(limit) else { throw .tooManyTiles(needed: columns * rows, limit: limit) }
        // Checked above: the counts are at most `limit`, the sizes at most `limit` tiles' pixels.
        self.rect = rect
        self.scale = scale
        self.width = Int(width)
        self.height = Int(height)
        self.columns = Int(columns)
        self.rows = Int(rows)
    }

    /// Tile `index` (0 ..< `count`), row by row from the top left; its rect ends at the part's
    /// edge, its pixels at the whole picture's.
    public func tile(_ index: Int) -> Tile {
        precondition((0..<count).contains(index), "tile \(index) of \(count)")
        let side = PNGPainter.maximumSide
        let column = index % columns, row = index / columns
        let x = rect.x + Double(column * side) / scale, y = rect.y + Double(row * side) / scale
        let tileWidth = min(side, width - column * side), tileHeight = min(side, height - row * side)
        // The first tile's rect starts and ends as the part's does (exactly: no rounding of maxX − x).
        let restWidth = column == 0 ? rect.width : max(0, rect.maxX - x)
        let restHeight = row == 0 ? rect.height : max(0, rect.maxY - y)
        return Tile(
            rect: Rect(
                x: x, y: y, width: min(Double(tileWidth) / scale, restWidth),
                height: min(Double(tileHeight) / scale, restHeight)),
            width: tileWidth, height: tileHeight, scale: scale)
    }
}
