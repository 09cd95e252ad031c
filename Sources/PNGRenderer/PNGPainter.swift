internal import CCairo
import LayoutKit
import SVGRenderer

/// Draws laid-out elements to a PNG picture with cairo: every element's frame that meets the
/// picture's rect, painted in zIndex order, coloured by category as the SVG pictures are
/// (`ElementStyle`), with its label (`ElementLabel`) set by Pango: from the leading edge, cut
/// with an ellipsis when too long, in any script the installed fonts cover.
///
/// `render(rect:…)` draws one point a pixel, unless the rect is larger than `maximumSide` pixels
/// on a side: then the picture is scaled down to fit, and `Picture.scale` says by how much.
/// `render(_:…)` draws one tile of a `TileGrid` at the grid's scale, never scaled to fit.
public struct PNGPainter: Sendable {
    /// The longest side of a picture, in pixels.
    public static let maximumSide = 4096

    /// How cells are drawn.
    public var cellShape: SVGPainter.CellShape

    public init(cellShape: SVGPainter.CellShape = .rectangle) {
        self.cellShape = cellShape
    }

    /// A drawn picture.
    public struct Picture: Sendable {
        /// The PNG file's bytes.
        public var png: [UInt8]
        public var width: Int
        public var height: Int
        /// Pixels per point: 1, or less when the rect was scaled down to fit `maximumSide` (or a tile's).
        public var scale: Double
        /// Every label drawn, in painting order.
        public var labels: [DrawnLabel] = []
        public var isScaledDown: Bool { scale < 1 }
    }

    /// A label as drawn: to check what a picture says, and where.
    public struct DrawnLabel: Equatable, Sendable {
        /// The label, whole (the picture may show it cut: `isEllipsized`).
        public var label: ElementLabel
        /// Where its glyphs' ink lies, in the view's points.
        public var inkFrame: Rect
        /// Whether it was cut at its end with an ellipsis to fit.
        public var isEllipsized: Bool
        /// How many of its characters no installed font could show (drawn as boxes).
        public var missingGlyphs: Int
    }

    /// Labels smaller than this many pixels are not drawn (in scaled-down pictures only).
    public static let smallestLabelPixels = 3.0

    /// Why nothing was drawn.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The picture of the part `rect` of a view, showing `elements` (those that meet it).
    ///
    /// Costs O(n log n) for n elements (the zIndex sort), and one fill per element.
    ///
    /// - Parameters:
    ///   - direction: the view's: labels start at the right edge of their elements right to left.
    ///   - cellLabel: a cell's text (e.g. its data item's name); the index path if nil.
    /// - Throws: when `rect` is not finite, has a side that is not positive, or lies beyond
    ///   ±1e15 (the layouts' coordinate limit); or when cairo and Pango cannot be loaded, or cairo fails.
    public func render(
        rect: Rect, elements: [LayoutAttributes], direction: LayoutDirection = .leftToRight,
        cellLabel: (ItemPath) -> String? = { _ in nil }
    ) throws(Failure) -> Picture {
        let size = try Self.pixelSize(of: rect)
        return try render(
            TileGrid.Tile(rect: rect, width: size.width, height: size.height, scale: size.scale), elements: elements,
            direction: direction, cellLabel: cellLabel)
    }

    /// The picture of one tile of a `TileGrid`: its rect drawn at its scale into its pixels,
    /// showing `elements` (those that meet the rect).
    ///
    /// Costs O(n log n) for n elements (the zIndex sort), and one fill per element.
    ///
    /// - Parameters:
    ///   - direction: the view's: labels start at the right edge of their elements right to left.
    ///   - cellLabel: a cell's text (e.g. its data item's name); the index path if nil.
    /// - Throws: when the tile's size is not 1…`maximumSide` pixels a side, when cairo and Pango
    ///   cannot be loaded, or when cairo fails.
    public func render(
        _ tile: TileGrid.Tile, elements: [LayoutAttributes], direction: LayoutDirection = .leftToRight,
        cellLabel: (ItemPath) -> String? = { _ in nil }
    ) throws(Failure) -> Picture {
        guard (1...Self.maximumSide).contains(tile.width), (1...Self.maximumSide).contains(tile.height),
            tile.scale.isFinite, tile.scale > 0
        else {
            throw Failure(
                message: "a tile must be 1 to \(Self.maximumSide) pixels a side, got \(tile.width) × \(tile.height)")
        }
        let rect = tile.rect
        let canvas = try Canvas(width: tile.width, height: tile.height)
        canvas.fill(ElementStyle.background)
        canvas.setTransform(scale: tile.scale, origin: Point(x: rect.x, y: rect.y))
        // Frames are clipped a little outside the picture: cairo's fixed-point coordinates
        // overflow far away, and the cut edges fall outside the image.
        let margin = 4 / tile.scale
        let visible = Rect(
            x: rect.x - margin, y: rect.y - margin, width: rect.width + 2 * margin, height: rect.height + 2 * margin)
        var labels: [DrawnLabel] = []
        for attributes in ElementStyle.paintingOrder(elements) where attributes.frame.intersects(visible) {
            if let label = draw(
                attributes, clippedTo: visible, on: canvas, scale: tile.scale, direction: direction,
                cellLabel: cellLabel)
            {
                labels.append(label)
            }
        }
        return Picture(
            png: try canvas.png(), width: tile.width, height: tile.height, scale: tile.scale, labels: labels)
    }

    /// The picture's size in pixels, and the scale that fits `rect` into `maximumSide`.
    static func pixelSize(of rect: Rect) throws(Failure) -> (width: Int, height: Int, scale: Double) {
        let limit = 1e15
        guard [rect.x, rect.y, rect.width, rect.height].allSatisfy({ $0.isFinite && abs($0) <= limit }) else {
            throw Failure(message: "the rect must have finite numbers within ±1e15, got \(rect)")
        }
        guard rect.width > 0, rect.height > 0 else {
            throw Failure(message: "the rect must have a positive width and height, got \(rect.width) × \(rect.height)")
        }
        let side = Double(maximumSide)
        let scale = min(1, side / max(rect.width, rect.height))
        // Checked above: both products lie in (0, maximumSide], so the conversions cannot trap.
        let width = Int(min(side, max(1, (rect.width * scale).rounded(.up))))
        let height = Int(min(side, max(1, (rect.height * scale).rounded(.up))))
        return (width, height, scale)
    }

    /// Draws one element, and its label if it has one; returns the label drawn.
    private func draw(
        _ attributes: LayoutAttributes, clippedTo visible: Rect, on canvas: Canvas, scale: Double,
        direction: LayoutDirection, cellLabel: (ItemPath) -> String?
    ) -> DrawnLabel? {
        let frame = attributes.frame
        let (fill, stroke) = ElementStyle.colours(attributes.element.category)
        let alpha = attributes.alpha
        let isRound =
            attributes.element.category == .cell && cellShape == .ellipse && frame.width > 0 && frame.height > 0
            && frame.width * scale < 1e6 && frame.height * scale < 1e6
        if isRound {
            canvas.ellipse(in: frame)
        } else {
            canvas.rectangle(Self.clip(frame, to: visible))
        }
        canvas.paint(fill: fill, stroke: stroke, alpha: alpha)
        let isRoundCell = attributes.element.category == .cell && cellShape == .ellipse
        guard let label = ElementLabel(for: attributes, cellLabel: cellLabel),
            let box = ElementLabel.box(in: frame, direction: direction, isRound: isRoundCell),
            box.fontSize * scale >= Self.smallestLabelPixels,
            // Far outside the picture, cairo's fixed-point coordinates would overflow.
            abs(box.leadingX - visible.midX) < 1e6 / scale
        else { return nil }
        let colour = label.isPlaceholder ? ElementLabel.mutedColour : ElementStyle.text
        return canvas.labels.draw(label, in: box, colour: colour, alpha: alpha)
    }

    /// The part of `frame` inside `bounds` (which it meets).
    static func clip(_ frame: Rect, to bounds: Rect) -> Rect {
        let minX = max(frame.minX, bounds.minX), minY = max(frame.minY, bounds.minY)
        return Rect(
            x: minX, y: minY, width: min(frame.maxX, bounds.maxX) - minX, height: min(frame.maxY, bounds.maxY) - minY)
    }
}
