import LayoutKit

extension DescriptionReader {
    /// A section: `<group>` and its optional keys (§2.2), then the rules on its kinds.
    mutating func section(_ value: Value, path: String) throws(LayoutError) -> SectionDescription {
        let map = try OptionMap(value, path: path, what: "a section (a map with a group)")
        try map.rejectUnknownKeys(allowed: [
            "group", "interGroupSpacing", "contentInsets", "orthogonalScrollingBehavior",
            "supplementariesFollowContentInsets", "boundarySupplementaryItems", "decorationItems",
        ])
        let groupValue = try map.required("group", "a group (horizontal or vertical)")
        sectionBadgeKinds = []
        var section = SectionDescription(group: try sectionGroup(groupValue, path: map.path(of: "group")))
        section.interGroupSpacing = try map.number("interGroupSpacing", rule: .nonNegative, default: 0)
        section.contentInsets = try insets(map, "contentInsets")
        let behaviours = SectionDescription.OrthogonalScrolling.allCases.map(\.rawValue)
        section.orthogonalScrolling = SectionDescription.OrthogonalScrolling(
            rawValue: try map.name("orthogonalScrollingBehavior", in: behaviours, default: "none"))!
        section.supplementariesFollowContentInsets = try map.bool("supplementariesFollowContentInsets", default: true)
        let boundaryPath = map.path(of: "boundarySupplementaryItems")
        for (index, item) in try list(map, "boundarySupplementaryItems", "a list of boundary items").enumerated() {
            let itemPath = "\(boundaryPath)[\(index)]"
            let boundaryItem = try boundaryItem(item, path: itemPath)
            if section.boundaryItems.contains(where: { $0.kind == boundaryItem.kind }) {
                throw .option(
                    field: "\(itemPath).kind",
                    message: "kind '\(boundaryItem.kind)' appears twice among the section's boundary items")
            }
            section.boundaryItems.append(boundaryItem)
        }
        let decorationPath = map.path(of: "decorationItems")
        for (index, item) in try list(map, "decorationItems", "a list of decoration items").enumerated() {
            let itemPath = "\(decorationPath)[\(index)]"
            let decoration = try decorationItem(item, path: itemPath)
            if section.decorationItems.contains(where: { $0.kind == decoration.kind }) {
                throw .option(
                    field: "\(itemPath).kind",
                    message: "kind '\(decoration.kind)' appears twice among the section's decoration items")
            }
            section.decorationItems.append(decoration)
        }
        try recordKinds(of: section, path: path)
        return section
    }

    /// A badge may not share a kind with a boundary item of its section (both would be the
    /// supplementary view at `(section, 0)`); each kind is of one category everywhere.
    private mutating func recordKinds(of section: SectionDescription, path: String) throws(LayoutError) {
        for badge in sectionBadgeKinds {
            if section.boundaryItems.contains(where: { $0.kind == badge.kind }) {
                throw .option(
                    field: badge.path,
                    message: "kind '\(badge.kind)' is also a boundary item's kind in this section: "
                        + "both would be the supplementary view at (section, 0)")
            }
            try record(kind: badge.kind, .supplementary, path: badge.path)
        }
        for (index, item) in section.boundaryItems.enumerated() {
            try record(kind: item.kind, .supplementary, path: "\(path).boundarySupplementaryItems[\(index)].kind")
        }
        for (index, item) in section.decorationItems.enumerated() {
            try record(kind: item.kind, .decoration, path: "\(path).decorationItems[\(index)].kind")
        }
    }

    /// The list under `key` (possibly empty), or an empty list when absent.
    func list(_ map: OptionMap, _ key: String, _ what: String) throws(LayoutError) -> [Value] {
        guard let value = map.values[key] else { return [] }
        guard case .list(let list) = value else {
            throw .option(field: map.path(of: key), message: "expected \(what), got \(value.kindDescription)")
        }
        return list
    }
}
