import LayoutKit
import SVGRenderer

/// The SVG picture of `elements` in a canvas of `size` (the one place the renderer's type is named).
///
/// - Parameters:
///   - roundCells: cells drawn as ellipses (the circles layout's), else rectangles.
///   - maximumWidth: the widest picture made; the renderer's default if nil.
func svgPicture(
    of elements: [LayoutAttributes], size: Size, title: String = "view", direction: LayoutDirection = .leftToRight,
    roundCells: Bool = false, maximumWidth: Double? = nil, cellLabel: (ItemPath) -> String? = { _ in nil }
) -> String {
    var renderer = SVGPainter(cellShape: roundCells ? .ellipse : .rectangle)
    if let maximumWidth { renderer.maximumWidth = maximumWidth }
    return renderer.render(
        title: title, contentSize: size, elements: elements, direction: direction, cellLabel: cellLabel)
}

/// The lines a picture draws its elements with, between its background and its end: a shape
/// per element, each followed by its label if it has one.
func drawing(_ svg: String) -> [String] {
    Array(svg.split(separator: "\n").map(String.init).dropFirst(3).dropLast())
}

/// A cell `[0, item]` at `frame`.
func cell(_ item: Int, _ frame: Rect, zIndex: Int = 0, alpha: Double = 1, isHidden: Bool = false) -> LayoutAttributes {
    LayoutAttributes(element: .cell(0, item), frame: frame, zIndex: zIndex, alpha: alpha, isHidden: isHidden)
}

/// A supplementary view of `kind` at `frame`, titled `title` if given.
func supplementary(_ kind: String, _ item: Int, _ frame: Rect, title: String? = nil) -> LayoutAttributes {
    LayoutAttributes(
        element: .supplementary(kind, 0, item), frame: frame, extra: title.map { ["title": .string($0)] } ?? [:])
}
