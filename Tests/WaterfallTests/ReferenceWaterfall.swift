import LayoutKit

/// The waterfall's rules as issue 19 states them, written out again as plainly as possible
/// and sharing nothing with the plugin: the frames every test compares the plugin with.
struct ReferenceWaterfall {
    var columns = 2
    var spacing = 8.0
    var left = 8.0, top = 8.0, right = 8.0, bottom = 8.0
    var headerHeight = 0.0
    var roundRobin = false

    /// Every element in canonical order (cells by section and item, then headers), and the
    /// content size. `preferred` replaces the height of the items it names.
    func layout(_ sections: [[Value]], width: Double, preferred: [ItemPath: Double] = [:]) -> (
        elements: [LayoutAttributes], contentSize: Size
    ) {
        let columnWidth = (width - left - right - Double(columns - 1) * spacing) / Double(columns)
        var cells: [LayoutAttributes] = []
        var headers: [LayoutAttributes] = []
        var sectionTop = top
        var lastBottom = top
        for (section, items) in sections.enumerated() {
            if headerHeight > 0 {
                headers.append(
                    LayoutAttributes(
                        element: .supplementary("header", section, 0),
                        frame: Rect(x: left, y: sectionTop, width: width - left - right, height: headerHeight),
                        zIndex: 1))
            }
            let start = headerHeight > 0 ? sectionTop + headerHeight + spacing : sectionTop
            var height = Array(repeating: start, count: columns)
            for (item, value) in items.enumerated() {
                var h: Double
                switch value {
                case .number(let number): h = number
                case .map(let map):
                    if case .number(let number)? = map["height"] {
                        h = number
                    } else {
                        let size = map["size"]!.map!
                        h = size["height"]!.number! * columnWidth / size["width"]!.number!
                    }
                default: fatalError("not an item")
                }
                if let given = preferred[ItemPath(section: section, item: item)] { h = given }
                var c = 0
                if roundRobin {
                    c = item % columns
                } else {
                    for candidate in 0..<columns where height[candidate] < height[c] { c = candidate }
                }
                cells.append(
                    LayoutAttributes(
                        element: .cell(section, item),
                        frame: Rect(
                            x: left + Double(c) * (columnWidth + spacing), y: height[c], width: columnWidth, height: h))
                )
                height[c] += h + spacing
            }
            lastBottom =
                items.isEmpty ? (headerHeight > 0 ? sectionTop + headerHeight : sectionTop) : height.max()! - spacing
            sectionTop = lastBottom + spacing
        }
        return (cells + headers, Size(width: width, height: lastBottom + bottom))
    }

    /// The options that make the plugin follow the same rules.
    var options: [String: Value] {
        [
            "columns": .number(Double(columns)), "spacing": .number(spacing),
            "insets": .map([
                "top": .number(top), "left": .number(left), "bottom": .number(bottom), "right": .number(right),
            ]),
            "headerHeight": .number(headerHeight), "order": .string(roundRobin ? "roundRobin" : "shortestColumn"),
        ]
    }
}
