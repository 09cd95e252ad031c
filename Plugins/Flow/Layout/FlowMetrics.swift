import LayoutKit

/// The options along a line (`m`) and across lines (`c`, the scroll axis) at one line
/// length D (contract §4), so that every rule is written once for both scroll directions.
struct FlowMetrics: Equatable, Sendable {
    let isHorizontal: Bool
    /// D: the viewport's width (vertical) or height (horizontal).
    let lineLength: Double
    /// `a0`, `a1`: the insets at a line's start and end.
    let lineStartInset: Double
    let lineEndInset: Double
    /// `b0`, `b1`: the insets at a section's start and end, along the scroll axis.
    let sectionStartInset: Double
    let sectionEndInset: Double
    /// `hE`, `fE`: the headers' and footers' extents along the scroll axis; 0 means none.
    let headerExtent: Double
    let footerExtent: Double
    /// `s`: between neighbours on a line.
    let interitemSpacing: Double
    /// `L`: between lines.
    let lineSpacing: Double
    /// An item's size when its data gives none: the estimate while self-sizing, else `itemSize`.
    let baseSize: Size
    let isSelfSizing: Bool
    let pinsHeaders: Bool
    let pinsFooters: Bool
    let displayScale: Double

    init(options: FlowOptions, bounds: Rect) {
        isHorizontal = options.scrollDirection == .horizontal
        let insets = options.sectionInset
        lineLength = isHorizontal ? bounds.height : bounds.width
        lineStartInset = isHorizontal ? insets.top : insets.left
        lineEndInset = isHorizontal ? insets.bottom : insets.right
        sectionStartInset = isHorizontal ? insets.left : insets.top
        sectionEndInset = isHorizontal ? insets.right : insets.bottom
        headerExtent = isHorizontal ? options.headerReferenceSize.width : options.headerReferenceSize.height
        footerExtent = isHorizontal ? options.footerReferenceSize.width : options.footerReferenceSize.height
        interitemSpacing = options.minimumInteritemSpacing
        lineSpacing = options.minimumLineSpacing
        baseSize = options.estimatedItemSize ?? options.itemSize
        isSelfSizing = options.estimatedItemSize != nil
        pinsHeaders = options.pinsHeaders
        pinsFooters = options.pinsFooters
        displayScale = options.displayScale
    }

    /// `avail = D − (a0 + a1)`: room for items along a line; may be negative.
    var available: Double { lineLength - (lineStartInset + lineEndInset) }

    /// Whether there is anything to lay out: D > 0 (UIKit's `_boundsAndInsetsAreValidForReferenceDimension`).
    var hasRoom: Bool { lineLength > 0 }

    /// Whether a bounds change moves something without changing D: a pinned header or footer.
    var hasPinnedViews: Bool { pinsHeaders && headerExtent > 0 || pinsFooters && footerExtent > 0 }

    /// D for other bounds.
    func lineLength(of bounds: Rect) -> Double { isHorizontal ? bounds.height : bounds.width }

    /// `vis0`, `vis1`: where the bounds start and end along the scroll axis.
    func visibleRange(of bounds: Rect) -> (start: Double, end: Double) {
        isHorizontal ? (bounds.minX, bounds.maxX) : (bounds.minY, bounds.maxY)
    }

    /// A size's extent along a line (`w`) and across (`h`).
    func main(of size: Size) -> Double { isHorizontal ? size.height : size.width }
    func cross(of size: Size) -> Double { isHorizontal ? size.width : size.height }

    /// `round(v × k) / k` with halves away from zero (contract §11); `v` itself without a scale.
    @inline(__always)
    func rounded(_ value: Double) -> Double {
        displayScale > 0 ? Self.rounded(value, scale: displayScale) : value
    }

    /// Out of line, so that exact frames do not pay for rounding computed ahead of the branch.
    @inline(never)
    private static func rounded(_ value: Double, scale: Double) -> Double {
        (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    /// The frame of `(m, c, main, cross)`, its origin rounded: `(m, c, main, cross)` vertical,
    /// `(c, m, cross, main)` horizontal.
    @inline(__always)
    func frame(m: Double, c: Double, main: Double, cross: Double) -> Rect {
        let m = rounded(m), c = rounded(c)
        return isHorizontal
            ? Rect(x: c, y: m, width: cross, height: main) : Rect(x: m, y: c, width: main, height: cross)
    }

    /// A query rect in line terms: its extent along lines (`m`) and across them (`c`).
    func lineTerms(of rect: Rect) -> (mStart: Double, mEnd: Double, cStart: Double, cEnd: Double) {
        isHorizontal ? (rect.minY, rect.maxY, rect.minX, rect.maxX) : (rect.minX, rect.maxX, rect.minY, rect.maxY)
    }

    /// How far a computed frame may stray from the arithmetic that found it: a few ulps of
    /// `value`, and half a pixel either way when origins are rounded. Queries widen their
    /// searches by it, then test every candidate's frame exactly.
    func slack(near value: Double) -> Double {
        1e-12 * Swift.max(1, abs(value)) + (displayScale > 0 ? 1 / displayScale : 0)
    }
}
