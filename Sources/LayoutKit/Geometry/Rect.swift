/// An axis-aligned rectangle: origin (top-left) and size.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// A rectangle that every finite frame intersects: for "the whole layout".
    public static let everything = Rect(
        x: -Double.greatestFiniteMagnitude / 2, y: -Double.greatestFiniteMagnitude / 2,
        width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude)

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }

    /// Whether the two rectangles overlap in an area of positive extent on both axes'
    /// open intervals: `a.minX < b.maxX && b.minX < a.maxX` and the same for y.
    @inlinable
    public func intersects(_ other: Rect) -> Bool {
        origin.x < other.origin.x + other.size.width && other.origin.x < origin.x + size.width
            && origin.y < other.origin.y + other.size.height && other.origin.y < origin.y + size.height
    }

    /// The same size with its centre moved to `center`.
    public func centered(at center: Point) -> Rect {
        Rect(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
    }
}
