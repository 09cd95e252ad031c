import Foundation
import LayoutKit
import NumberText

/// Draws a laid-out view as an SVG picture: every element's frame, painted in zIndex order,
/// coloured by category, with its label (`ElementLabel`: set from the leading edge, cut with an
/// ellipsis when too long, the index path muted for elements with no name).
public struct SVGPainter: Sendable {
    /// How cells are drawn.
    public enum CellShape: Sendable {
        case rectangle
        /// Cells as ellipses in their frames (a plugin that declares its cells round).
        case ellipse

        /// The shape its plugin declares for a layout's cells (`PluginInfo.cellShape`).
        public init(_ declared: LayoutKit.CellShape) {
            self = declared == .round ? .ellipse : .rectangle
        }
    }

    public var cellShape: CellShape = .rectangle
    /// The widest picture made; larger content is scaled down to fit.
    public var maximumWidth = 2000.0

    public init(cellShape: CellShape = .rectangle) {
        self.cellShape = cellShape
    }

    /// The picture of `elements` in a canvas of `contentSize`, titled `title`.
    ///
    /// - Parameters:
    ///   - direction: the view's: labels start at the right edge of their elements right to left.
    ///   - cellLabel: a cell's text (e.g. its data item's name); the index path if nil.
    public func render(
        title: String, contentSize: Size, elements: [LayoutAttributes], direction: LayoutDirection = .leftToRight,
        cellLabel: (ItemPath) -> String? = { _ in nil }
    ) -> String {
        let width = max(contentSize.width, 1), height = max(contentSize.height, 1)
        let scale = min(1, maximumWidth / width)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(format(width * scale))" height="\(format(height * scale))" \
            viewBox="0 0 \(format(width)) \(format(height))" font-family="Helvetica, Arial, sans-serif">
            <title>\(escape(title))</title>
            <rect width="100%" height="100%" fill="\(ElementStyle.background.hex)"/>

            """
        for attributes in ElementStyle.paintingOrder(elements) {
            svg += shape(
                for: attributes, label: ElementLabel(for: attributes, cellLabel: cellLabel), direction: direction)
        }
        svg += "</svg>\n"
        return svg
    }

    private func shape(for attributes: LayoutAttributes, label: ElementLabel?, direction: LayoutDirection) -> String {
        let frame = attributes.frame
        let (fill, stroke) = ElementStyle.colours(attributes.element.category)
        let opacity = attributes.alpha < 1 ? " opacity=\"\(format(attributes.alpha))\"" : ""
        var element: String
        if attributes.element.category == .cell && cellShape == .ellipse {
            element =
                "<ellipse cx=\"\(format(frame.midX))\" cy=\"\(format(frame.midY))\" rx=\"\(format(frame.width / 2))\" ry=\"\(format(frame.height / 2))\""
        } else {
            element =
                "<rect x=\"\(format(frame.x))\" y=\"\(format(frame.y))\" width=\"\(format(frame.width))\" height=\"\(format(frame.height))\""
        }
        element +=
            " fill=\"\(fill.hex)\" stroke=\"\(stroke.hex)\" stroke-width=\"0.5\"\(opacity)><title>\(escape(attributes.element.description))</title></\(element.hasPrefix("<ellipse") ? "ellipse" : "rect")>\n"
        let isRound = attributes.element.category == .cell && cellShape == .ellipse
        if let label, let box = ElementLabel.box(in: frame, direction: direction, isRound: isRound) {
            let text = ElementLabel.fitted(
                label.text, width: box.width, fontSize: box.fontSize, direction: box.direction)
            let colour = label.isPlaceholder ? ElementLabel.mutedColour : ElementStyle.text
            // Right to left, "start" is the right end of the text (SVG's `direction`).
            let bidi = box.direction == .rightToLeft ? " direction=\"rtl\"" : ""
            let style = label.isPlaceholder ? " font-style=\"italic\"" : ""
            element +=
                "<text x=\"\(format(box.leadingX))\" y=\"\(format(box.midY + box.fontSize * 0.35))\" font-size=\"\(format(box.fontSize))\"\(bidi) text-anchor=\"start\"\(style) fill=\"\(colour.hex)\"\(opacity)>\(escape(text))</text>\n"
        }
        return element
    }

    private func format(_ number: Double) -> String {
        number.exactInteger.map(String.init) ?? String(format: "%.2f", number)
    }

    private func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
