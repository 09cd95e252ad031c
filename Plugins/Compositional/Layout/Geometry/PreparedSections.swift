import LayoutKit

/// Everything a prepare computes (§3.4–§3.11): the plans of the descriptions in use, every data
/// section's frame, the prefix and suffix bounds queries binary-search by, the content size,
/// the axes along which frames leave the content, and the number of elements.
///
/// O(sections + the used descriptions' template leaves): cells are arithmetic from the template.
struct PreparedSections: Sendable {
    var isVertical = true
    var plans: [SectionPlan] = []
    var sections: [SectionFrame] = []
    /// `reachMaxPrefix[s]`: the greatest `reachMax` of sections 0…s (non-decreasing).
    var reachMaxPrefix: [Double] = []
    /// `reachMinSuffix[s]`: the least `reachMin` of sections s… (non-decreasing).
    var reachMinSuffix: [Double] = []
    var contentSize = Size.zero
    var overflow: ContentOverflow = []
    var elementCount = 0
    /// Whether some section has a pinned boundary item (origin changes then move it).
    var hasPinnedItems = false

    init() {}

    /// Lays out `data`'s sections by `description` at `viewport`.
    ///
    /// - Throws: `LayoutError.layout` for a group that cannot be laid out (§3.13) or coordinates
    ///   beyond ±1e15; `.cancelled` when the host cancels.
    init(
        _ description: CompositionalDescription, ranks: KindRanks, data: DataSource, viewport: Size,
        context: LayoutContext
    ) throws(LayoutError) {
        isVertical = description.scrollDirection == .vertical
        let sectionCount = data.numberOfSections
        sections.reserveCapacity(sectionCount)
        var bounds = ExtentCheck()
        // Section s is laid out by description min(s, count − 1): plan i is description i.
        for index in 0..<min(sectionCount, description.sections.count) {
            let plan = try SectionPlan(
                description.sections[index], isVertical: isVertical, viewport: viewport,
                supplementaryRanks: ranks.supplementary, decorationRanks: ranks.decoration)
            try bounds.check(plan)
            plans.append(plan)
            hasPinnedItems = hasPinnedItems || plan.boundaryItems.contains(where: \.pinsToVisibleBounds)
        }
        for (index, plan) in plans.enumerated() {
            let sectionEnd = index == plans.count - 1 ? sectionCount : index + 1
            for section in index..<sectionEnd {
                if section % 4096 == 4095 { try context.checkCancellation() }
                try appendSection(
                    itemCount: data.numberOfItems(inSection: section), plan: index, plan,
                    interSectionSpacing: description.interSectionSpacing, bounds: &bounds)
            }
        }
        let end = sections.last?.end ?? 0
        contentSize = isVertical ? Size(width: viewport.width, height: end) : Size(width: end, height: viewport.height)
        try bounds.check(contentSize: contentSize)
        // Along each axis, whether some frame lies beyond the content: across, orthogonal sections
        // and badges; along the main axis, offsets, badges and leaves past their section's ends.
        let overflows = bounds.overflows(mainLength: end, crossLength: isVertical ? viewport.width : viewport.height)
        if overflows.cross { overflow.insert(isVertical ? .horizontal : .vertical) }
        if overflows.main { overflow.insert(isVertical ? .vertical : .horizontal) }
        reachMaxPrefix = sections.map(\.reachMax)
        for index in reachMaxPrefix.indices.dropFirst() {
            reachMaxPrefix[index] = max(reachMaxPrefix[index], reachMaxPrefix[index - 1])
        }
        reachMinSuffix = sections.map(\.reachMin)
        for index in reachMinSuffix.indices.reversed().dropFirst() {
            reachMinSuffix[index] = min(reachMinSuffix[index], reachMinSuffix[index + 1])
        }
    }

    /// Lays out the next section along the main axis, with its reach and its elements. O(boundary
    /// and decoration items).
    private mutating func appendSection(
        itemCount: Int, plan index: Int, _ plan: SectionPlan, interSectionSpacing: Double, bounds: inout ExtentCheck
    ) throws(LayoutError) {
        var frame = SectionFrame(
            plan: index, itemCount: itemCount, previousEnd: sections.last?.end,
            interSectionSpacing: interSectionSpacing,
            plan)
        let reach = try bounds.add(frame, plan)
        bounds.addMain(reach)
        if reach.min <= reach.max {
            let slack = 1e-9 * max(1, abs(reach.min), abs(reach.max))
            frame.reachMin = reach.min - slack
            frame.reachMax = reach.max + slack
        } else {
            (frame.reachMin, frame.reachMax) = (.infinity, -.infinity)  // no elements at all
        }
        sections.append(frame)
        elementCount += Self.elementCount(of: frame, plan)
    }

    /// Cells, badges, boundary items and backgrounds of one section. O(1).
    static func elementCount(of section: SectionFrame, _ plan: SectionPlan) -> Int {
        let template = plan.template
        let fullGroups = section.itemCount / template.leafCount
        let rest = section.itemCount - fullGroups * template.leafCount
        return section.itemCount + fullGroups * template.badges.count + template.badgeCount(ofFirst: rest)
            + plan.boundaryItems.count + plan.decorations.count
    }
}
