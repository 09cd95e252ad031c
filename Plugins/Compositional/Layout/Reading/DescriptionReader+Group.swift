import LayoutKit

extension DescriptionReader {
    /// A section's own group: `{horizontal: …}` or `{vertical: …}`, never an item, never with `edgeSpacing`.
    mutating func sectionGroup(_ value: Value, path: String) throws(LayoutError) -> GroupDescription {
        let map = try OptionMap(value, path: path, what: "a group (a map with horizontal or vertical)")
        try map.rejectUnknownKeys(allowed: ["horizontal", "vertical", "item"])
        let key = try map.oneOf(["horizontal", "vertical", "item"])
        guard key != "item" else {
            throw .option(
                field: path,
                message: "expected a group (horizontal or vertical), got an item: a section's group holds its items")
        }
        return try group(map, axis: GroupDescription.Axis(rawValue: key)!, depth: 1, isSectionGroup: true)
    }

    /// A group's child: `{item: …}`, `{horizontal: …}` or `{vertical: …}` at nesting `depth`
    /// (groups only count).
    mutating func subitem(_ value: Value, path: String, depth: Int) throws(LayoutError) -> Subitem {
        let map = try OptionMap(value, path: path, what: "an item or a group (a map with item, horizontal or vertical)")
        try map.rejectUnknownKeys(allowed: ["item", "horizontal", "vertical"])
        let key = try map.oneOf(["item", "horizontal", "vertical"])
        guard key != "item" else { return .item(try item(map.values[key]!, path: map.path(of: key))) }
        return .group(try group(map, axis: GroupDescription.Axis(rawValue: key)!, depth: depth, isSectionGroup: false))
    }

    /// The group under `axis` in `parent`, at nesting `depth`.
    private mutating func group(_ parent: OptionMap, axis: GroupDescription.Axis, depth: Int, isSectionGroup: Bool)
        throws(LayoutError) -> GroupDescription
    {
        let path = parent.path(of: axis.rawValue)
        guard depth <= Self.maximumDepth else {
            throw .option(
                field: path,
                message:
                    "groups nested \(depth) deep; at most \(Self.maximumDepth) levels (the section's group is level 1)")
        }
        let map = try OptionMap(
            parent.values[axis.rawValue]!, path: path,
            what: "a group's map with size and subitems, subitem or repeatingSubitem")
        try map.rejectUnknownKeys(allowed: [
            "size", "subitems", "subitem", "repeatingSubitem", "count", "interItemSpacing", "contentInsets",
            "edgeSpacing",
        ])
        let sizeValue = try map.required("size", "a size with width and height")
        let mode = try map.oneOf(["subitems", "subitem", "repeatingSubitem"])
        if mode == "subitems", map.values["count"] != nil {
            throw .option(
                field: path, message: "'count' goes only with 'subitem' or 'repeatingSubitem', not 'subitems'")
        }
        if mode != "subitems", map.values["count"] == nil {
            throw .option(field: path, message: "missing 'count': expected the number of copies of the '\(mode)'")
        }
        if isSectionGroup, map.values["edgeSpacing"] != nil {
            throw .option(
                field: map.path(of: "edgeSpacing"), message: "edgeSpacing is not allowed on a section's own group")
        }
        let size = try layoutSize(sizeValue, path: map.path(of: "size"))
        let arrangement: GroupDescription.Arrangement
        let childPath = map.path(of: mode)
        switch mode {
        case "subitems":
            guard case .list(let list) = map.values[mode]!, !list.isEmpty else {
                throw .option(
                    field: childPath,
                    message: "expected a non-empty list of items and groups, got \(Self.describe(map.values[mode]!))")
            }
            var children: [Subitem] = []
            for (index, child) in list.enumerated() {
                children.append(try subitem(child, path: "\(childPath)[\(index)]", depth: depth + 1))
            }
            arrangement = .subitems(children)
        default:
            let child = try subitem(map.values[mode]!, path: childPath, depth: depth + 1)
            let count = try map.integer("count", rule: .whole(1...10_000), default: 1)
            arrangement = mode == "subitem" ? .subitem(child, count: count) : .repeatingSubitem(child, count: count)
        }
        var group = GroupDescription(axis: axis, size: size, arrangement: arrangement, path: path)
        group.interItemSpacing = try spacing(map, "interItemSpacing") ?? .zero
        group.contentInsets = try insets(map, "contentInsets")
        group.edgeSpacing = try edgeSpacing(map, "edgeSpacing")
        return group
    }

    /// An item's map: `<size>`, `contentInsets`, `edgeSpacing`, `supplementaryItems` (badges).
    private mutating func item(_ value: Value, path: String) throws(LayoutError) -> ItemDescription {
        let map = try OptionMap(value, path: path, what: "an item's map with a size")
        try map.rejectUnknownKeys(allowed: ["size", "contentInsets", "edgeSpacing", "supplementaryItems"])
        let sizeValue = try map.required("size", "a size with width and height")
        var item = ItemDescription(size: try layoutSize(sizeValue, path: map.path(of: "size")))
        item.contentInsets = try insets(map, "contentInsets")
        item.edgeSpacing = try edgeSpacing(map, "edgeSpacing")
        let badgesPath = map.path(of: "supplementaryItems")
        for (index, badgeValue) in try list(map, "supplementaryItems", "a list of supplementary items").enumerated() {
            let badgePath = "\(badgesPath)[\(index)]"
            let badge = try badge(badgeValue, path: badgePath)
            if item.badges.contains(where: { $0.kind == badge.kind }) {
                throw .option(
                    field: "\(badgePath).kind",
                    message: "kind '\(badge.kind)' appears twice among the item's supplementary items")
            }
            item.badges.append(badge)
            sectionBadgeKinds.append((badge.kind, "\(badgePath).kind"))
        }
        return item
    }
}
