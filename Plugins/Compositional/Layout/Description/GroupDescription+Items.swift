extension GroupDescription {
    /// Every item declared in the group and its nested groups, depth first. O(declarations).
    var allItems: [ItemDescription] {
        var items: [ItemDescription] = []
        collectItems(into: &items)
        return items
    }

    /// Every badge of every declared item.
    var allBadges: [BadgeDescription] {
        allItems.flatMap(\.badges)
    }

    /// The declared children, whatever the arrangement.
    var children: [Subitem] {
        switch arrangement {
        case .subitems(let list): return list
        case .subitem(let child, _), .repeatingSubitem(let child, _): return [child]
        }
    }

    private func collectItems(into items: inout [ItemDescription]) {
        for child in children {
            switch child {
            case .item(let item): items.append(item)
            case .group(let group): group.collectItems(into: &items)
            }
        }
    }
}
