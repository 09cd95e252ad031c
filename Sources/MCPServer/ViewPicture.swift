import EngineProtocol
import Foundation
import JSON
import LayoutKit
import PNGRenderer
import SVGRenderer
import WorkbenchEngine

/// What `layout_view` and `update_view` show of a view: its elements in a rect, read back
/// from the engine's answer, drawn to PNG, and told in one paragraph.
struct ViewPicture {
    /// The most elements given in `structuredContent`; the picture and counts cover all.
    static let elementLimit = 1000

    let view: String
    let layout: String
    /// The shape the layout's plugin declares for its cells.
    let cellShape: CellShape
    let rect: Rect
    /// The engine's answer, element by element.
    let elements: [JSONValue]
    let attributes: [LayoutAttributes]
    /// The view's direction: labels start at the right edge of their elements right to left.
    let direction: LayoutDirection
    /// Cells' labels (their data items' names, titles or values), by index path.
    let cellLabels: [ItemPath: String]

    /// Reads `query`'s answer for `rect` of `view` (asked with `labels: true` for cells' labels).
    init(
        view: String, layout: String, cellShape: CellShape, rect: Rect, answer: ElementsAnswer,
        direction: LayoutDirection = .leftToRight
    ) {
        self.view = view
        self.layout = layout
        self.cellShape = cellShape
        self.rect = rect
        self.direction = direction
        elements = answer.elements
        attributes = answer.attributes
        var cellLabels: [ItemPath: String] = [:]
        for (attributes, label) in zip(answer.attributes, answer.labels) {
            guard attributes.element.category == .cell, let label else { continue }
            cellLabels[attributes.element.path] = label
        }
        self.cellLabels = cellLabels
    }

    /// The picture of `rect`, scaled down beyond 4096 pixels a side.
    func render() throws(ToolError) -> PNGPainter.Picture {
        do throws(PNGPainter.Failure) {
            return try PNGPainter(cellShape: SVGPainter.CellShape(cellShape)).render(
                rect: rect, elements: attributes, direction: direction, cellLabel: { cellLabels[$0] })
        } catch {
            throw ToolError("cannot draw the rect: \(error.message)")
        }
    }

    /// `{rect, elementCount, elements (the first 1000), truncated, counts: [{category, kind, count}]}`.
    var structured: [(key: String, value: JSONValue)] {
        [
            (
                "rect",
                [
                    "x": .number(rect.x), "y": .number(rect.y), "width": .number(rect.width),
                    "height": .number(rect.height),
                ]
            ),
            ("elementCount", .number(Double(elements.count))),
            ("elements", .array(Array(elements.prefix(Self.elementLimit)))),
            ("truncated", .bool(elements.count > Self.elementLimit)),
            (
                "counts",
                .array(
                    counts.map {
                        [
                            "category": .string($0.category), "kind": $0.kind.map { .string($0) } ?? .null,
                            "count": .number(Double($0.count)),
                        ]
                    })
            ),
        ]
    }

    /// How many elements of each category and kind the rect shows, in canonical order.
    var counts: [(category: String, kind: String?, count: Int)] {
        var result: [(category: String, kind: String?, count: Int)] = []
        for element in attributes {
            let category = element.element.category.name, kind = element.element.kind
            if let index = result.firstIndex(where: { $0.category == category && $0.kind == kind }) {
                result[index].count += 1
            } else {
                result.append((category, kind, 1))
            }
        }
        return result
    }

    /// One paragraph for models that read text.
    func summary(contentSize: Size, picture: PNGPainter.Picture?) -> String {
        var text =
            "View \(view) (layout \(layout)): content size \(Self.format(contentSize.width)) × \(Self.format(contentSize.height)) points. "
        text +=
            "The rect (\(Self.format(rect.x)), \(Self.format(rect.y)), \(Self.format(rect.width)) × \(Self.format(rect.height))) shows "
        if attributes.isEmpty {
            text += "no elements."
        } else {
            let parts = counts.map {
                "\($0.count) \($0.kind.map { "\($0) " } ?? "")\($0.category == "cell" ? "cell" : $0.category + " view")\($0.count == 1 ? "" : "s")"
            }
            text += "\(attributes.count) element\(attributes.count == 1 ? "" : "s"): \(parts.joined(separator: ", "))"
            let sections = attributes.map(\.element.path.section)
            text += ", in sections \(sections.min()!)–\(sections.max()!)."
        }
        if elements.count > Self.elementLimit {
            text += " structuredContent lists the first \(Self.elementLimit) elements."
        }
        if let picture {
            text += " The picture is \(picture.width) × \(picture.height) pixels"
            text +=
                picture.isScaledDown
                ? ", scaled down by \(Self.format(picture.scale)) to fit \(PNGPainter.maximumSide) pixels a side."
                : ", one pixel a point."
        }
        return text
    }

    /// The structured description of `picture`.
    static func pictureInfo(_ picture: PNGPainter.Picture) -> JSONValue {
        [
            "width": .number(Double(picture.width)), "height": .number(Double(picture.height)),
            "scale": .number(picture.scale),
            "scaledDown": .bool(picture.isScaledDown),
        ]
    }

    static let pictureSchema: JSONValue = [
        "type": "object",
        "properties": [
            "width": ["type": "integer"], "height": ["type": "integer"], "scale": ["type": "number"],
            "scaledDown": ["type": "boolean"],
        ],
        "required": ["width", "height", "scale", "scaledDown"],
    ]

    static func format(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(format: "%.2f", number)
    }
}
