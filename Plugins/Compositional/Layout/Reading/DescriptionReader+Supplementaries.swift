import LayoutKit

extension DescriptionReader {
    /// A header or footer: `<kind>`, `<size>`, `<alignment>` (by scroll direction), pinning,
    /// `extendsBoundary`, `offset`, `zIndex` (1).
    func boundaryItem(_ value: Value, path: String) throws(LayoutError) -> BoundaryItemDescription {
        let map = try OptionMap(value, path: path, what: "a boundary item (a map with kind, size and alignment)")
        try map.rejectUnknownKeys(allowed: [
            "kind", "size", "alignment", "pinToVisibleBounds", "extendsBoundary", "offset", "zIndex",
        ])
        let kind = try kind(map)
        let size = try layoutSize(try map.required("size", "a size with width and height"), path: map.path(of: "size"))
        let alignmentValue = try map.required("alignment", "an alignment")
        let alignments = Self.alignments(scrollDirection)
        let names = alignments.map(\.name)
        guard case .string(let name) = alignmentValue, let alignment = alignments.first(where: { $0.name == name })
        else {
            let got =
                alignmentValue.string.map { "'\($0)'\(Suggestion.phrase(for: $0, in: names))" }
                ?? alignmentValue.kindDescription
            throw .option(
                field: map.path(of: "alignment"),
                message: "expected \(OptionMap.list(names.map { "'\($0)'" }, conjunction: "or")) "
                    + "(the alignments of a \(scrollDirection.rawValue) layout), got \(got)")
        }
        var item = BoundaryItemDescription(
            kind: kind, size: size, boundary: alignment.boundary, crossPlacement: alignment.cross)
        item.pinsToVisibleBounds = try map.bool("pinToVisibleBounds", default: false)
        item.extendsBoundary = try map.bool("extendsBoundary", default: true)
        if let offset = try point(map, "offset") {
            item.offsetX = offset.x
            item.offsetY = offset.y
        }
        item.zIndex = try zIndex(map, default: 1)
        return item
    }

    /// The alignments of a scroll direction: their names, boundaries and cross placements (§2.2).
    static func alignments(_ direction: CompositionalDescription.ScrollDirection) -> [(
        name: String, boundary: BoundaryItemDescription.Boundary, cross: BoundaryItemDescription.CrossPlacement
    )] {
        switch direction {
        case .vertical:
            return [
                ("top", .leading, .center), ("topLeading", .leading, .leading), ("topTrailing", .leading, .trailing),
                ("bottom", .trailing, .center), ("bottomLeading", .trailing, .leading),
                ("bottomTrailing", .trailing, .trailing),
            ]
        case .horizontal:
            return [
                ("leading", .leading, .center), ("topLeading", .leading, .leading),
                ("bottomLeading", .leading, .trailing),
                ("trailing", .trailing, .center), ("topTrailing", .trailing, .leading),
                ("bottomTrailing", .trailing, .trailing),
            ]
        }
    }

    /// A background: `<kind>`, `contentInsets`, `zIndex` (0).
    func decorationItem(_ value: Value, path: String) throws(LayoutError) -> DecorationItemDescription {
        let map = try OptionMap(value, path: path, what: "a decoration item (a map with kind)")
        try map.rejectUnknownKeys(allowed: ["kind", "contentInsets", "zIndex"])
        var item = DecorationItemDescription(kind: try kind(map))
        item.contentInsets = try insets(map, "contentInsets")
        item.zIndex = try zIndex(map, default: 0)
        return item
    }

    /// A badge: `<kind>`, `<size>`, `<containerAnchor>`, `zIndex` (1).
    func badge(_ value: Value, path: String) throws(LayoutError) -> BadgeDescription {
        let map = try OptionMap(
            value, path: path, what: "a supplementary item (a map with kind, size and containerAnchor)")
        try map.rejectUnknownKeys(allowed: ["kind", "size", "containerAnchor", "zIndex"])
        let kind = try kind(map)
        let size = try layoutSize(try map.required("size", "a size with width and height"), path: map.path(of: "size"))
        let anchorValue = try map.required("containerAnchor", "an anchor with edges")
        let (anchor, offset) = try containerAnchor(anchorValue, path: map.path(of: "containerAnchor"))
        return BadgeDescription(
            kind: kind, size: size, anchor: anchor, offset: offset, zIndex: try zIndex(map, default: 1))
    }

    /// `{<edges>, [absoluteOffset] or [fractionalOffset]}`: no edge twice, no two opposite edges.
    private func containerAnchor(_ value: Value, path: String) throws(LayoutError) -> (
        BadgeDescription.Anchor, BadgeDescription.Offset
    ) {
        let map = try OptionMap(value, path: path, what: "an anchor (a map with edges)")
        try map.rejectUnknownKeys(allowed: ["edges", "absoluteOffset", "fractionalOffset"])
        let edgesValue = try map.required("edges", "a list of top, leading, bottom, trailing")
        if map.values["absoluteOffset"] != nil, map.values["fractionalOffset"] != nil {
            throw .option(field: path, message: "expected absoluteOffset or fractionalOffset, not both")
        }
        guard case .list(let edges) = edgesValue else {
            throw .option(
                field: map.path(of: "edges"),
                message: "expected a list of top, leading, bottom, trailing, got \(edgesValue.kindDescription)")
        }
        let names = ["top", "leading", "bottom", "trailing"]
        var anchor = BadgeDescription.Anchor()
        var seen: [String] = []
        for (index, edgeValue) in edges.enumerated() {
            let edgePath = "\(map.path(of: "edges"))[\(index)]"
            let edge = try OptionMap.name(edgeValue, path: edgePath, in: names)
            let opposite = ["top": "bottom", "bottom": "top", "leading": "trailing", "trailing": "leading"][edge]!
            if seen.contains(edge) { throw .option(field: edgePath, message: "edge '\(edge)' is named twice") }
            if seen.contains(opposite) {
                throw .option(field: edgePath, message: "edges '\(opposite)' and '\(edge)' are opposite")
            }
            seen.append(edge)
            switch edge {
            case "top": anchor.y = 0
            case "bottom": anchor.y = 1
            case "leading": anchor.x = 0
            default: anchor.x = 1
            }
        }
        if let offset = try point(map, "absoluteOffset") { return (anchor, .absolute(x: offset.x, y: offset.y)) }
        if let offset = try point(map, "fractionalOffset") { return (anchor, .fractional(x: offset.x, y: offset.y)) }
        return (anchor, .absolute(x: 0, y: 0))
    }
}
