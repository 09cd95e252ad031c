import LayoutKit

/// Random valid descriptions: nested groups of every arrangement, spacings and edges fixed and
/// flexible, insets, estimated axes, badges, boundary items of every alignment, pinned or not,
/// backgrounds, orthogonal sections, both scroll directions.
struct RandomDescriptions {
    var random: SplitMix
    var isVertical = true

    init(seed: UInt64) { random = SplitMix(seed: seed) }

    mutating func options() -> [String: Value] {
        var options: [String: Value] = [:]
        isVertical = !random.chance(0.3)
        if !isVertical || random.chance(0.4) {
            var configuration: [String: Value] = ["scrollDirection": isVertical ? "vertical" : "horizontal"]
            if random.chance(0.5) { configuration["interSectionSpacing"] = .number(random.number(0...20)) }
            options["configuration"] = .map(configuration)
        }
        var sections: [Value] = []
        for _ in 0..<random.int(1...3) { sections.append(section()) }
        options["sections"] = .list(sections)
        return options
    }

    /// Item counts for 0…5 sections.
    mutating func counts() -> [Int] {
        var counts: [Int] = []
        for _ in 0..<random.int(0...5) { counts.append(random.chance(0.15) ? 0 : random.int(1...40)) }
        return counts
    }

    private mutating func section() -> Value {
        var section: [String: Value] = ["group": group(depth: 1)]
        if random.chance(0.5) { section["interGroupSpacing"] = .number(random.number(0...12)) }
        if random.chance(0.5) { section["contentInsets"] = insets() }
        if random.chance(0.35) {
            section["orthogonalScrollingBehavior"] = .string(
                random.pick([
                    "none", "continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging",
                    "groupPagingCentered",
                ]))
        }
        if random.chance(0.25) { section["supplementariesFollowContentInsets"] = .bool(random.chance(0.5)) }
        var boundaryItems: [Value] = []
        for kind in ["header", "footer", "banner"] where random.chance(0.4) { boundaryItems.append(boundaryItem(kind)) }
        if !boundaryItems.isEmpty { section["boundarySupplementaryItems"] = .list(boundaryItems) }
        var decorations: [Value] = []
        for kind in ["background", "shade"] where random.chance(0.35) {
            var item: [String: Value] = ["kind": .string(kind)]
            if random.chance(0.5) { item["contentInsets"] = insets() }
            if random.chance(0.3) { item["zIndex"] = .number(Double(random.int(-3...3))) }
            decorations.append(.map(item))
        }
        if !decorations.isEmpty { section["decorationItems"] = .list(decorations) }
        return .map(section)
    }

    private mutating func group(depth: Int) -> Value {
        let axis = random.chance(0.5) ? "horizontal" : "vertical"
        var group: [String: Value] = ["size": size(isGroup: true)]
        let childCount = depth >= 3 ? 1 : random.int(1...3)
        func child(_ generator: inout RandomDescriptions) -> Value {
            depth < 3 && generator.random.chance(0.3) ? generator.group(depth: depth + 1) : generator.item()
        }
        switch random.int(0...9) {
        case 0...5:
            var children: [Value] = []
            for _ in 0..<childCount { children.append(child(&self)) }
            group["subitems"] = .list(children)
        case 6...8:
            group["subitem"] = child(&self)
            group["count"] = .number(Double(random.int(1...4)))
        default:
            group["repeatingSubitem"] = child(&self)
            group["count"] = .number(Double(random.int(1...3)))
        }
        if random.chance(0.5) { group["interItemSpacing"] = spacing() }
        if random.chance(0.3) { group["contentInsets"] = insets() }
        if depth > 1, random.chance(0.3) { group["edgeSpacing"] = edgeSpacing() }
        return [axis: .map(group)]
    }

    private mutating func item() -> Value {
        var item: [String: Value] = ["size": size(isGroup: false)]
        if random.chance(0.3) { item["contentInsets"] = insets() }
        if random.chance(0.3) { item["edgeSpacing"] = edgeSpacing() }
        var badges: [Value] = []
        for kind in ["badge", "dot"] where random.chance(0.2) { badges.append(badge(kind)) }
        if !badges.isEmpty { item["supplementaryItems"] = .list(badges) }
        return ["item": .map(item)]
    }

    private mutating func size(isGroup: Bool) -> Value {
        ["width": dimension(), "height": dimension()]
    }

    private mutating func dimension() -> Value {
        switch random.int(0...5) {
        case 0, 1: return ["fractionalWidth": .number(random.number(0.125...1))]
        case 2, 3: return ["fractionalHeight": .number(random.number(0.125...0.75))]
        case 4: return ["absolute": .number(random.number(8...160))]
        default: return ["estimated": .number(random.number(8...160))]
        }
    }

    private mutating func insets() -> Value {
        var insets: [String: Value] = [:]
        for edge in ["top", "leading", "bottom", "trailing"] where random.chance(0.6) {
            insets[edge] = .number(random.chance(0.2) ? 0 : random.number(1...16))
        }
        return .map(insets)
    }

    private mutating func spacing() -> Value {
        [random.chance(0.5) ? "fixed" : "flexible": .number(random.number(0...10))]
    }

    private mutating func edgeSpacing() -> Value {
        var edges: [String: Value] = [:]
        for edge in ["leading", "top", "trailing", "bottom"] where random.chance(0.5) { edges[edge] = spacing() }
        return .map(edges)
    }

    private mutating func boundaryItem(_ kind: String) -> Value {
        let alignments =
            isVertical
            ? ["top", "topLeading", "topTrailing", "bottom", "bottomLeading", "bottomTrailing"]
            : ["leading", "topLeading", "bottomLeading", "trailing", "topTrailing", "bottomTrailing"]
        let main: Value = ["absolute": .number(random.number(10...60))]
        let cross: Value =
            random.chance(0.6) ? ["fractionalWidth": 1.0] : ["absolute": .number(random.number(40...300))]
        var item: [String: Value] = [
            "kind": .string(kind), "alignment": .string(random.pick(alignments)),
            "size": isVertical ? ["width": cross, "height": main] : ["width": main, "height": cross],
        ]
        if random.chance(0.5) { item["pinToVisibleBounds"] = .bool(random.chance(0.7)) }
        if random.chance(0.3) { item["extendsBoundary"] = .bool(random.chance(0.3)) }
        if random.chance(0.25) {
            item["offset"] = ["x": .number(random.number(-10...10)), "y": .number(random.number(-10...10))]
        }
        if random.chance(0.3) { item["zIndex"] = .number(Double(random.int(-2...5))) }
        return .map(item)
    }

    private mutating func badge(_ kind: String) -> Value {
        let edgeSets = [
            [], ["top"], ["trailing"], ["top", "trailing"], ["bottom", "leading"], ["leading"], ["bottom"],
        ]
        var anchor: [String: Value] = ["edges": .list(random.pick(edgeSets).map { .string($0) })]
        switch random.int(0...2) {
        case 0: anchor["absoluteOffset"] = ["x": .number(random.number(-8...8)), "y": .number(random.number(-8...8))]
        case 1: anchor["fractionalOffset"] = ["x": .number(random.number(-1...1)), "y": .number(random.number(-1...1))]
        default: break
        }
        var badge: [String: Value] = [
            "kind": .string(kind),
            "size": random.chance(0.7)
                ? [
                    "width": ["absolute": .number(random.number(4...20))],
                    "height": ["absolute": .number(random.number(4...20))],
                ]
                : ["width": ["fractionalWidth": 0.25], "height": ["fractionalHeight": 0.25]],
            "containerAnchor": .map(anchor),
        ]
        if random.chance(0.3) { badge["zIndex"] = .number(Double(random.int(-2...5))) }
        return .map(badge)
    }
}
