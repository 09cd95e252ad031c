import LayoutKit

/// The contract's geometry (§3) written out again as plainly as possible, sharing nothing with
/// the plugin: every element as one list, straight from the text, for valid options.
public struct ReferenceCompositional {
    public struct Failure: Error, Equatable {
        public var message: String
    }

    public let options: [String: Value]
    public let counts: [Int]
    public let bounds: Rect
    /// Whether pinned items stay where they would be unpinned (for the pinning property).
    public var ignoresPinning = false

    public init(options: [String: Value], counts: [Int], bounds: Rect) {
        self.options = options
        self.counts = counts
        self.bounds = bounds
    }

    /// What the layout makes: the elements in canonical order, the content size and each
    /// section's main-axis start and end.
    public func layout() throws(Failure) -> (
        elements: [LayoutAttributes], contentSize: Size, sections: [(Double, Double)]
    ) {
        let viewWidth = bounds.width, viewHeight = bounds.height
        let configuration = options["configuration"] ?? [:]
        let vertical = configuration["scrollDirection"]?.string != "horizontal"
        let interSectionSpacing = configuration["interSectionSpacing"]?.number ?? 0
        let descriptions = options["sections"]!.list!
        var cells: [LayoutAttributes] = [], supplementary: [LayoutAttributes] = [], decoration: [LayoutAttributes] = []
        var spans: [(Double, Double)] = []
        var previousEnd = 0.0
        for s in 0..<counts.count {
            let d = descriptions[min(s, descriptions.count - 1)]
            let (top, leading, bottom, trailing) = Self.insets(d["contentInsets"])
            let wc = max(0, viewWidth - leading - trailing), hc = max(0, viewHeight - top - bottom)
            let (axis, group) = Self.onlyEntry(d["group"]!)
            let (gw, gh) = Self.resolve(group["size"]!, wc, hc)
            var leaves: [(frame: Rect, item: Value)] = []
            try Self.layOut(
                group, axis: axis, path: "sections[\(min(s, descriptions.count - 1))].group.\(axis)",
                frame: Rect(x: 0, y: 0, width: gw, height: gh), into: &leaves)
            let leafCount = leaves.count
            let follows = d["supplementariesFollowContentInsets"]?.bool ?? true
            let boundaryItems = d["boundarySupplementaryItems"]?.list ?? []
            var sized: [(item: Value, bw: Double, bh: Double, leadingBoundary: Bool)] = []
            var leadExt = 0.0, trailExt = 0.0
            for b in boundaryItems {
                let (bw, bh) =
                    follows ? Self.resolve(b["size"]!, wc, hc) : Self.resolve(b["size"]!, viewWidth, viewHeight)
                let alignment = b["alignment"]!.string!
                let leadingBoundary =
                    vertical ? alignment.hasPrefix("top") : alignment.hasSuffix("eading") || alignment == "leading"
                let mainSize = vertical ? bh : bw
                if b["extendsBoundary"]?.bool ?? true {
                    if leadingBoundary { leadExt = max(leadExt, mainSize) } else { trailExt = max(trailExt, mainSize) }
                }
                sized.append((b, bw, bh, leadingBoundary))
            }
            let start = s == 0 ? 0 : previousEnd + interSectionSpacing
            let contentStart = start + leadExt
            let groupsStart = contentStart + (vertical ? top : leading)
            let n = counts[s]
            let groupCount = (n + leafCount - 1) / leafCount
            let orthogonal = (d["orthogonalScrollingBehavior"]?.string ?? "none") != "none"
            let gm = vertical ? gh : gw, gc = vertical ? gw : gh
            let igs = d["interGroupSpacing"]?.number ?? 0
            let length = n == 0 ? 0 : (orthogonal ? gm : Double(groupCount) * gm + Double(groupCount - 1) * igs)
            let contentEnd = groupsStart + length + (vertical ? bottom : trailing)
            let end = contentEnd + trailExt
            spans.append((start, end))
            let crossInsetStart = vertical ? leading : top
            var first = crossInsetStart
            if d["orthogonalScrollingBehavior"]?.string == "groupPagingCentered" {
                first = crossInsetStart + ((vertical ? wc : hc) - gc) / 2
            }
            for i in 0..<n {
                let g = i / leafCount, k = i % leafCount
                let main = orthogonal ? groupsStart : groupsStart + Double(g) * (gm + igs)
                let cross = orthogonal ? first + Double(g) * (gc + igs) : crossInsetStart
                let (gx, gy) = vertical ? (cross, main) : (main, cross)
                let leaf = leaves[k].frame
                let cell = Rect(x: gx + leaf.minX, y: gy + leaf.minY, width: leaf.width, height: leaf.height)
                cells.append(LayoutAttributes(element: .cell(s, i), frame: cell))
                for badge in leaves[k].item["supplementaryItems"]?.list ?? [] {
                    supplementary.append(Self.badge(badge, cell: cell, section: s, item: i))
                }
            }
            for b in sized {
                let alignment = b.item["alignment"]!.string!
                let mainSize = vertical ? b.bh : b.bw, crossSize = vertical ? b.bw : b.bh
                let c0 = follows ? crossInsetStart : 0.0
                let cLen = follows ? (vertical ? wc : hc) : (vertical ? viewWidth : viewHeight)
                let crossLeading = vertical ? alignment.hasSuffix("Leading") : alignment.hasPrefix("top")
                let crossTrailing = vertical ? alignment.hasSuffix("Trailing") : alignment.hasPrefix("bottom")
                var cross = crossLeading ? c0 : crossTrailing ? c0 + cLen - crossSize : c0 + (cLen - crossSize) / 2
                let extends = b.item["extendsBoundary"]?.bool ?? true
                var main =
                    b.leadingBoundary
                    ? (extends ? start : contentStart) : (extends ? contentEnd : contentEnd - mainSize)
                let offset = b.item["offset"]
                let (ox, oy) = (offset?["x"]?.number ?? 0, offset?["y"]?.number ?? 0)
                if vertical {
                    cross = cross + ox
                    main = main + oy
                } else {
                    main = main + ox
                    cross = cross + oy
                }
                if b.item["pinToVisibleBounds"]?.bool == true, !ignoresPinning {
                    let bMain = vertical ? bounds.minY : bounds.minX, bLen = vertical ? bounds.height : bounds.width
                    if b.leadingBoundary {
                        main = max(main, min(bMain, end - mainSize))
                    } else {
                        main = min(main, max(bMain + bLen - mainSize, start))
                    }
                }
                let frame =
                    vertical
                    ? Rect(x: cross, y: main, width: crossSize, height: mainSize)
                    : Rect(x: main, y: cross, width: mainSize, height: crossSize)
                supplementary.append(
                    LayoutAttributes(
                        element: .supplementary(b.item["kind"]!.string!, s, 0), frame: frame,
                        zIndex: Int(b.item["zIndex"]?.number ?? 1)))
            }
            for item in d["decorationItems"]?.list ?? [] {
                let (t, l, b, r) = Self.insets(item["contentInsets"])
                let section =
                    vertical
                    ? Rect(x: 0, y: start, width: viewWidth, height: end - start)
                    : Rect(x: start, y: 0, width: end - start, height: viewHeight)
                let frame = Rect(
                    x: section.minX + l, y: section.minY + t, width: max(0, section.width - l - r),
                    height: max(0, section.height - t - b))
                decoration.append(
                    LayoutAttributes(
                        element: .decoration(item["kind"]!.string!, s, 0), frame: frame,
                        zIndex: Int(item["zIndex"]?.number ?? 0)))
            }
            previousEnd = end
        }
        let byKind: (LayoutAttributes, LayoutAttributes) -> Bool = { a, b in
            let (ka, kb) = (a.element.kind!, b.element.kind!)
            if ka != kb { return ka.unicodeScalars.lexicographicallyPrecedes(kb.unicodeScalars) }
            return a.element.path < b.element.path
        }
        let lastEnd = counts.isEmpty ? 0 : previousEnd
        return (
            cells + supplementary.sorted(by: byKind) + decoration.sorted(by: byKind),
            vertical ? Size(width: viewWidth, height: lastEnd) : Size(width: lastEnd, height: viewHeight), spans
        )
    }

    /// A badge on `cell` (§3.8).
    static func badge(_ badge: Value, cell: Rect, section: Int, item: Int) -> LayoutAttributes {
        let (sw, sh) = resolve(badge["size"]!, cell.width, cell.height)
        let anchor = badge["containerAnchor"]!
        let edges = anchor["edges"]!.list!.map { $0.string! }
        let ax = edges.contains("leading") ? 0.0 : edges.contains("trailing") ? 1.0 : 0.5
        let ay = edges.contains("top") ? 0.0 : edges.contains("bottom") ? 1.0 : 0.5
        var (ox, oy) = (0.0, 0.0)
        if let absolute = anchor["absoluteOffset"] {
            (ox, oy) = (absolute["x"]!.number!, absolute["y"]!.number!)
        } else if let fractional = anchor["fractionalOffset"] {
            (ox, oy) = (fractional["x"]!.number! * sw, fractional["y"]!.number! * sh)
        }
        let frame = Rect(
            x: cell.minX + (cell.width - sw) * ax + ox, y: cell.minY + (cell.height - sh) * ay + oy, width: sw,
            height: sh)
        return LayoutAttributes(
            element: .supplementary(badge["kind"]!.string!, section, item), frame: frame,
            zIndex: Int(badge["zIndex"]?.number ?? 1))
    }
}
