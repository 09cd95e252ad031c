import LayoutKit

extension CompositionalLayout {
    /// One element's attributes, as the query gives them (pinned items at the current bounds). O(1)
    /// for cells, O(badges + boundary items + decorations) of its section's description otherwise.
    public func attributes(for element: ElementID) -> LayoutAttributes? {
        let (index, item) = (element.path.section, element.path.item)
        guard index >= 0, index < prepared.sections.count, item >= 0 else { return nil }
        let section = prepared.sections[index]
        let plan = prepared.plans[section.plan]
        switch element.category {
        case .cell:
            guard element.kind == nil, item < section.itemCount else { return nil }
            return LayoutAttributes(element: element, frame: cellFrame(item, in: section, plan))
        case .supplementary:
            guard let kind = element.kind, let rank = ranks.supplementary[kind] else { return nil }
            if item == 0, let boundary = plan.boundaryItems.first(where: { $0.kindRank == rank }) {
                let isVertical = prepared.isVertical
                let frame = boundary.frame(
                    in: section, boundsMain: isVertical ? bounds.minY : bounds.minX,
                    boundsLength: isVertical ? bounds.height : bounds.width)
                return LayoutAttributes(element: element, frame: frame, zIndex: boundary.zIndex)
            }
            guard item < section.itemCount else { return nil }
            let template = plan.template
            let leaf = item % template.leafCount
            let badges = template.badges[template.badgeStarts[leaf]..<template.badgeStarts[leaf + 1]]
            guard let badge = badges.first(where: { $0.kindRank == rank }) else { return nil }
            let frame = badge.frame(inCell: cellFrame(item, in: section, plan))
            return LayoutAttributes(element: element, frame: frame, zIndex: badge.zIndex)
        case .decoration:
            guard item == 0, let kind = element.kind, let rank = ranks.decoration[kind],
                let decoration = plan.decorations.first(where: { $0.kindRank == rank })
            else { return nil }
            let frame = decoration.frame(in: section, isVertical: prepared.isVertical, crossExtent: plan.crossExtent)
            return LayoutAttributes(element: element, frame: frame, zIndex: decoration.zIndex)
        }
    }

    /// Item `item`'s cell: leaf `item mod N` of group `⌊item / N⌋`, translated (§3.5). O(1).
    func cellFrame(_ item: Int, in section: SectionFrame, _ plan: SectionPlan) -> Rect {
        let leafCount = plan.template.leafCount
        let origin = plan.groupOrigin(item / leafCount, groupsStart: section.groupsStart)
        let leaf = plan.template.leaves[item % leafCount]
        return Rect(x: origin.x + leaf.minX, y: origin.y + leaf.minY, width: leaf.width, height: leaf.height)
    }
}
