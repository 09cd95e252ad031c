import LayoutKit

/// The flow contract (§3–§11) written out again as plainly as possible, sharing nothing with
/// the plugin: every element of a view, in canonical order, and its content size. The tests
/// compare the plugin with it frame by frame.
public struct ReferenceFlow {
    public init() {}

    public var itemSize = Size(width: 50, height: 50)
    public var lineSpacing = 10.0
    public var interitemSpacing = 10.0
    public var inset = EdgeInsets(all: 0)
    public var headerSize = Size.zero
    public var footerSize = Size.zero
    public var isHorizontal = false
    public var pinsHeaders = false
    public var pinsFooters = false
    public var estimatedSize: Size?
    public var displayScale = 0.0

    /// The options that make the plugin follow the same rules.
    public var options: [String: Value] {
        var options: [String: Value] = [
            "itemSize": ["width": .number(itemSize.width), "height": .number(itemSize.height)],
            "minimumLineSpacing": .number(lineSpacing), "minimumInteritemSpacing": .number(interitemSpacing),
            "sectionInset": [
                "top": .number(inset.top), "left": .number(inset.left), "bottom": .number(inset.bottom),
                "right": .number(inset.right),
            ],
            "headerReferenceSize": ["width": .number(headerSize.width), "height": .number(headerSize.height)],
            "footerReferenceSize": ["width": .number(footerSize.width), "height": .number(footerSize.height)],
            "scrollDirection": isHorizontal ? "horizontal" : "vertical",
            "sectionHeadersPinToVisibleBounds": .bool(pinsHeaders),
            "sectionFootersPinToVisibleBounds": .bool(pinsFooters), "displayScale": .number(displayScale),
        ]
        if let estimatedSize {
            options["estimatedItemSize"] = [
                "width": .number(estimatedSize.width), "height": .number(estimatedSize.height),
            ]
        }
        return options
    }

    /// §3: base, and a map's `width` / `height` in place of its sides; then a preferred size.
    public func size(of value: Value, preferred: Size?) -> Size {
        var size = estimatedSize ?? itemSize
        if case .map(let map) = value {
            if case .number(let width)? = map["width"] { size.width = width }
            if case .number(let height)? = map["height"] { size.height = height }
        }
        if estimatedSize != nil, let preferred { size = preferred }
        return size
    }

    /// Every element (cells, then footers, then headers), the content size, and where each
    /// section starts and ends along the scroll axis, at `bounds`.
    public func layout(_ sections: [[Value]], bounds: Rect, preferred: [ItemPath: Size] = [:]) -> (
        elements: [LayoutAttributes], contentSize: Size, sections: [ClosedRange<Double>]
    ) {
        // §4: the axes (d is D, lineGap is L).
        let d = isHorizontal ? bounds.height : bounds.width
        if d == 0 { return ([], Size(width: 0, height: 0), []) }
        let a0 = isHorizontal ? inset.top : inset.left, a1 = isHorizontal ? inset.bottom : inset.right
        let b0 = isHorizontal ? inset.left : inset.top, b1 = isHorizontal ? inset.right : inset.bottom
        let hE = isHorizontal ? headerSize.width : headerSize.height
        let fE = isHorizontal ? footerSize.width : footerSize.height
        let s = interitemSpacing, lineGap = lineSpacing
        let avail = d - (a0 + a1)
        let vis0 = isHorizontal ? bounds.minX : bounds.minY, vis1 = isHorizontal ? bounds.maxX : bounds.maxY

        func round(_ v: Double) -> Double {
            displayScale > 0 ? (v * displayScale).rounded(.toNearestOrAwayFromZero) / displayScale : v
        }
        func frame(_ m: Double, _ c: Double, _ main: Double, _ cross: Double) -> Rect {
            isHorizontal
                ? Rect(x: round(c), y: round(m), width: cross, height: main)
                : Rect(x: round(m), y: round(c), width: main, height: cross)
        }

        var cells: [LayoutAttributes] = [], footers: [LayoutAttributes] = [], headers: [LayoutAttributes] = []
        var start = 0.0
        var extents: [ClosedRange<Double>] = []
        for (section, items) in sections.enumerated() {
            let sizes = items.indices.map {
                size(of: items[$0], preferred: preferred[ItemPath(section: section, item: $0)])
            }
            let w = sizes.map { isHorizontal ? $0.height : $0.width }
            let h = sizes.map { isHorizontal ? $0.width : $0.height }
            var m = [Double](repeating: 0, count: items.count), c = m
            var linesEnd = start + hE + b0
            let isUniform = !items.isEmpty && estimatedSize == nil && sizes.allSatisfy { $0 == sizes[0] }
            if isUniform {
                // §6.
                var n = ((s + avail) / (s + w[0])).rounded(.down)
                if n < 1 { n = 1 }
                let lines = (Double(items.count) / n).rounded(.up)
                var m0 = a0, gap = 0.0
                if n == 1 {
                    m0 = a0 + (d - w[0] - a0 - a1) * 0.5
                } else {
                    gap = (d - a0 - a1 - n * w[0]) / (n - 1)
                }
                for i in items.indices {
                    let q = (Double(i) / n).rounded(.down), k = Double(i) - q * n
                    m[i] = m0 + k * (w[0] + gap)
                    c[i] = start + hE + b0 + q * (h[0] + lineGap)
                }
                linesEnd = start + hE + b0 + lines * (h[0] + lineGap) - lineGap
            } else if !items.isEmpty {
                // §7.1, as written.
                var lines: [(items: [Int], complete: Bool)] = []
                var current: [Int] = []
                var remaining = avail, prevLeftover = avail, allPrevSingle = true
                for i in items.indices {
                    if w[i] <= remaining {
                        current.append(i)
                        remaining = remaining - (s + w[i])
                    } else {
                        allPrevSingle = allPrevSingle && current.count == 1
                        lines.append((current, true))
                        prevLeftover = remaining
                        current = [i]
                        remaining = avail - (s + w[i])
                    }
                }
                let complete =
                    (allPrevSingle && current.count == 1) || (lines.count + 1 >= 2 && remaining == prevLeftover)
                lines.append((current, complete))
                // §7.2 and §7.3.
                var lineC = start + hE + b0
                for (index, line) in lines.enumerated() {
                    if index > 0 { lineC = linesEnd + lineGap }
                    let cross = line.items.map { h[$0] }.max() ?? 0
                    if line.complete && line.items.count >= 2 {
                        var sum = 0.0
                        for j in line.items { sum += w[j] }
                        let gap = (d - sum - a0 - a1) / Double(line.items.count - 1)
                        var x = a0
                        for j in line.items {
                            m[j] = x
                            x = x + gap + w[j]
                        }
                    } else if line.complete && line.items.count == 1 {
                        let j = line.items[0], space = d - (a1 + a0)
                        m[j] = space >= w[j] ? a0 + (space - w[j]) * 0.5 : a0
                    } else if !line.complete {
                        var x = a0
                        for j in line.items {
                            m[j] = x
                            x = x + s + w[j]
                        }
                    }
                    for j in line.items { c[j] = lineC + (cross - h[j]) / 2 }
                    linesEnd = lineC + cross
                }
            }
            for i in items.indices {
                cells.append(LayoutAttributes(element: .cell(section, i), frame: frame(m[i], c[i], w[i], h[i])))
            }
            let end = linesEnd + b1 + fE
            // §5 and §9.
            if hE > 0 {
                var top = start
                if pinsHeaders {
                    if vis0 > top { top = vis0 }
                    if top + hE + fE > end { top = end - (fE + hE) }
                }
                headers.append(
                    LayoutAttributes(
                        element: .supplementary("header", section, 0), frame: frame(0, top, d, hE), zIndex: 10))
            }
            if fE > 0 {
                var top = linesEnd + b1
                if pinsFooters {
                    if !(vis1 >= top + fE) { top = vis1 - fE }
                    if top - hE < start { top = hE + start }
                }
                footers.append(
                    LayoutAttributes(
                        element: .supplementary("footer", section, 0), frame: frame(0, top, d, fE), zIndex: 10))
            }
            extents.append(start...end)
            start = end
        }
        let contentSize = isHorizontal ? Size(width: start, height: d) : Size(width: d, height: start)
        return (cells + footers + headers, contentSize, extents)
    }
}

extension ReferenceFlow {
    /// The reference for a view's options (valid ones; absent options keep the defaults).
    public static func matching(_ options: [String: Value]) -> ReferenceFlow {
        var flow = ReferenceFlow()
        func size(_ key: String) -> Size? {
            guard let map = options[key]?.map else { return nil }
            return Size(width: map["width"]?.number ?? 0, height: map["height"]?.number ?? 0)
        }
        flow.itemSize = size("itemSize") ?? flow.itemSize
        flow.lineSpacing = options["minimumLineSpacing"]?.number ?? flow.lineSpacing
        flow.interitemSpacing = options["minimumInteritemSpacing"]?.number ?? flow.interitemSpacing
        if let all = options["sectionInset"]?.number { flow.inset = EdgeInsets(all: all) }
        if let map = options["sectionInset"]?.map {
            flow.inset = EdgeInsets(
                top: map["top"]?.number ?? 0, left: map["left"]?.number ?? 0, bottom: map["bottom"]?.number ?? 0,
                right: map["right"]?.number ?? 0)
        }
        flow.headerSize = size("headerReferenceSize") ?? .zero
        flow.footerSize = size("footerReferenceSize") ?? .zero
        flow.isHorizontal = options["scrollDirection"]?.string == "horizontal"
        flow.pinsHeaders = options["sectionHeadersPinToVisibleBounds"]?.bool ?? false
        flow.pinsFooters = options["sectionFootersPinToVisibleBounds"]?.bool ?? false
        if let estimate = size("estimatedItemSize"), estimate.width > 0 { flow.estimatedSize = estimate }
        flow.displayScale = options["displayScale"]?.number ?? 0
        return flow
    }
}
