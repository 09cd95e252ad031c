import LayoutKit

extension CompositionalLayout {
    /// The elements whose frames intersect `rect`, in canonical order (cells by section and item;
    /// then supplementary views, then decoration views, each by kind, section, item).
    ///
    /// O(log sections + log groups + k) when templates hold few leaves: sections by binary search
    /// on their reaches, each section's groups by binary search on their arithmetic origins and
    /// the template's extents, then every candidate frame filtered strictly.
    public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        let prepared = self.prepared
        guard !prepared.sections.isEmpty else { return }
        let isVertical = prepared.isVertical
        let low = isVertical ? rect.minY : rect.minX, high = isVertical ? rect.maxY : rect.maxX
        let first = Self.partition(0..<prepared.sections.count) { prepared.reachMaxPrefix[$0] > low }
        let end = Self.partition(first..<prepared.sections.count) { !(prepared.reachMinSuffix[$0] < high) }
        var supplementary = KindBuckets(), decoration = KindBuckets()
        swap(&supplementary, &supplementaryScratch)
        swap(&decoration, &decorationScratch)
        let boundsMain = isVertical ? bounds.minY : bounds.minX
        let boundsLength = isVertical ? bounds.height : bounds.width
        for index in first..<end {
            let section = prepared.sections[index]
            guard section.reachMin < high, low < section.reachMax else { continue }
            let plan = prepared.plans[section.plan]
            appendCells(of: section, index, plan, in: rect, into: &result, badges: &supplementary)
            for item in plan.boundaryItems {
                let frame = item.frame(in: section, boundsMain: boundsMain, boundsLength: boundsLength)
                guard frame.intersects(rect) else { continue }
                supplementary.append(rank: item.kindRank, section: index, item: 0, frame: frame, zIndex: item.zIndex)
            }
            for item in plan.decorations {
                let frame = item.frame(in: section, isVertical: isVertical, crossExtent: plan.crossExtent)
                guard frame.intersects(rect) else { continue }
                decoration.append(rank: item.kindRank, section: index, item: 0, frame: frame, zIndex: item.zIndex)
            }
        }
        supplementary.drain(into: &result, category: .supplementary, names: ranks.supplementaryNames)
        decoration.drain(into: &result, category: .decoration, names: ranks.decorationNames)
        swap(&supplementary, &supplementaryScratch)
        swap(&decoration, &decorationScratch)
    }

    /// The cells (and their badges, into `badges`) of one section that intersect `rect`.
    private func appendCells(
        of section: SectionFrame, _ index: Int, _ plan: SectionPlan, in rect: Rect,
        into result: inout [LayoutAttributes], badges: inout KindBuckets
    ) {
        guard section.itemCount > 0 else { return }
        let groups = candidateGroups(of: section, plan, in: rect)
        guard !groups.isEmpty else { return }
        let template = plan.template
        let leafCount = template.leafCount
        let hasBadges = !template.badges.isEmpty
        let extent = template.extent
        let slack = Self.slack(
            section.start, section.end, max(abs(extent.minX), abs(extent.minY)), max(abs(extent.maxX), abs(extent.maxY))
        )
        let (low, high) = plan.isVertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
        var candidates: [Int] = []
        swap(&candidates, &leafScratch)
        template.leaves.withUnsafeBufferPointer { leaves in
            for group in groups {
                let origin = plan.groupOrigin(group, groupsStart: section.groupsStart)
                let firstItem = group * leafCount
                let count = min(leafCount, section.itemCount - firstItem)
                func visit(_ leaf: Int) {
                    let frame = leaves[leaf]
                    let cell = Rect(
                        x: origin.x + frame.minX, y: origin.y + frame.minY, width: frame.width, height: frame.height)
                    if cell.intersects(rect) {
                        result.append(LayoutAttributes(element: .cell(index, firstItem + leaf), frame: cell))
                    }
                    guard hasBadges else { return }
                    for badge in template.badges[template.badgeStarts[leaf]..<template.badgeStarts[leaf + 1]] {
                        let badgeFrame = badge.frame(inCell: cell)
                        guard badgeFrame.intersects(rect) else { continue }
                        badges.append(
                            rank: badge.kindRank, section: index, item: firstItem + leaf, frame: badgeFrame,
                            zIndex: badge.zIndex)
                    }
                }
                guard let leafIndex = plan.leafIndex else {
                    for leaf in 0..<count { visit(leaf) }
                    continue
                }
                let main = plan.isVertical ? origin.y : origin.x
                candidates.removeAll(keepingCapacity: true)
                leafIndex.leaves(from: low - main - slack, to: high - main + slack, below: count, into: &candidates)
                for leaf in candidates { visit(leaf) }
            }
        }
        swap(&candidates, &leafScratch)
    }

    /// The groups of a section whose template extent (a little wider, for rounding) meets `rect`
    /// along the axis the groups follow one another on. O(log groups).
    private func candidateGroups(of section: SectionFrame, _ plan: SectionPlan, in rect: Rect) -> Range<Int> {
        let extent = plan.template.extent
        let isVertical = plan.isVertical
        let (mainMin, mainMax) = isVertical ? (extent.minY, extent.maxY) : (extent.minX, extent.maxX)
        let groups = section.groupCount
        let low = isVertical ? rect.minY : rect.minX, high = isVertical ? rect.maxY : rect.maxX
        if !plan.isOrthogonal {
            let slack = Self.slack(section.groupsStart, section.end, mainMin, mainMax)
            let first = Self.partition(0..<groups) {
                plan.groupMainOrigin($0, groupsStart: section.groupsStart) + mainMax + slack > low
            }
            let end = Self.partition(first..<groups) {
                !(plan.groupMainOrigin($0, groupsStart: section.groupsStart) + mainMin - slack < high)
            }
            return first..<end
        }
        let mainSlack = Self.slack(section.groupsStart, section.end, mainMin, mainMax)
        guard section.groupsStart + mainMin - mainSlack < high, low < section.groupsStart + mainMax + mainSlack else {
            return 0..<0
        }
        let (crossMin, crossMax) = isVertical ? (extent.minX, extent.maxX) : (extent.minY, extent.maxY)
        let crossLow = isVertical ? rect.minX : rect.minY, crossHigh = isVertical ? rect.maxX : rect.maxY
        let slack = Self.slack(plan.groupCrossOrigin(0), plan.groupCrossOrigin(groups - 1), crossMin, crossMax)
        let first = Self.partition(0..<groups) { plan.groupCrossOrigin($0) + crossMax + slack > crossLow }
        let end = Self.partition(first..<groups) { !(plan.groupCrossOrigin($0) + crossMin - slack < crossHigh) }
        return first..<end
    }

    /// A margin far above the rounding of sums of these magnitudes: 1e-9 of the largest.
    private static func slack(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
        1e-9 * max(1, abs(a), abs(b), abs(c), abs(d))
    }

    /// The first index of `range` where `predicate` holds, for a predicate false then true. O(log n).
    static func partition(_ range: Range<Int>, _ predicate: (Int) -> Bool) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if predicate(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
