import LayoutKit

/// The extents of a layout being prepared: each section's main reach, the cross extent of all
/// elements (for `contentOverflow`), and the ±1e15 limit of coordinates checked on the way —
/// by extents, not frame by frame, so that a prepare stays O(sections + template leaves).
struct ExtentCheck {
    private(set) var crossMin = Double.infinity
    private(set) var crossMax = -Double.infinity
    private(set) var mainMin = Double.infinity
    private(set) var mainMax = -Double.infinity
    /// The plans whose templates were checked (once each, when a section first has cells).
    private var checkedPlans: [Bool] = []

    /// Checks a section's boundary items' sizes. O(boundary items).
    func check(_ plan: SectionPlan) throws(LayoutError) {
        for item in plan.boundaryItems {
            try allow(item.mainSize, "a boundary item's size")
            try allow(item.crossSize, "a boundary item's size")
        }
    }

    /// Adds a section's elements: returns its main reach (the extent of its frames along the main
    /// axis, §3.4–§3.9, pinned items at any bounds) and widens the cross extent. O(boundary and
    /// decoration items), and O(template) the first time a plan has cells.
    mutating func add(_ section: SectionFrame, _ plan: SectionPlan) throws(LayoutError) -> (min: Double, max: Double) {
        var reach = (min: Double.infinity, max: -Double.infinity)
        let isVertical = plan.isVertical
        try allow(section.start, "a section's start")
        try allow(section.end, "a section's end")
        for decoration in plan.decorations {
            let frame = decoration.frame(in: section, isVertical: isVertical, crossExtent: plan.crossExtent)
            guard CoordinateCheck.isAllowed(frame) else { throw Self.error(frame) }
            reach = (
                min(reach.min, isVertical ? frame.minY : frame.minX),
                max(reach.max, isVertical ? frame.maxY : frame.maxX)
            )
            try addCross(isVertical ? frame.minX : frame.minY, isVertical ? frame.maxX : frame.maxY)
        }
        for item in plan.boundaryItems {
            let main = item.mainReach(in: section)
            try allow(main.min, "a boundary item's position")
            try allow(main.max, "a boundary item's end")
            reach = (min(reach.min, main.min), max(reach.max, main.max))
            let cross = item.crossPosition + item.offsetCross
            try addCross(cross, cross + item.crossSize)
        }
        guard section.itemCount > 0 else { return reach }
        let template = plan.template
        if checkedPlans.count <= section.plan {
            checkedPlans.append(contentsOf: repeatElement(false, count: section.plan + 1 - checkedPlans.count))
        }
        if !checkedPlans[section.plan] {
            checkedPlans[section.plan] = true
            for leaf in template.leaves where !CoordinateCheck.isAllowed(leaf) { throw Self.error(leaf) }
            for (index, leaf) in template.leaves.enumerated() {
                for badge in template.badges[template.badgeStarts[index]..<template.badgeStarts[index + 1]] {
                    let frame = badge.frame(inCell: leaf)
                    guard CoordinateCheck.isAllowed(frame) else { throw Self.error(frame) }
                }
            }
        }
        // The groups that exist: group 0 (partial when n < N), …, group G − 1 (partial, `last`).
        let full = template.extent, first = template.extent(ofFirst: section.itemCount)
        let last = template.extent(ofFirst: section.itemCount - (section.groupCount - 1) * template.leafCount)
        let groups = section.groupCount
        if plan.isOrthogonal {
            let (low, high) = isVertical ? (first.minY, first.maxY) : (first.minX, first.maxX)
            reach = (min(reach.min, section.groupsStart + low), max(reach.max, section.groupsStart + high))
            try addCross(plan.groupCrossOrigin(0) + (isVertical ? first.minX : first.minY), nil)
            try addCross(nil, plan.groupCrossOrigin(groups - 1) + (isVertical ? last.maxX : last.maxY))
            if groups >= 2 {
                try addCross(nil, plan.groupCrossOrigin(groups - 2) + (isVertical ? full.maxX : full.maxY))
            }
        } else {
            let firstMain = plan.groupMainOrigin(0, groupsStart: section.groupsStart)
            let lastMain = plan.groupMainOrigin(groups - 1, groupsStart: section.groupsStart)
            reach.min = min(reach.min, firstMain + (isVertical ? first.minY : first.minX))
            reach.max = max(reach.max, lastMain + (isVertical ? last.maxY : last.maxX))
            if groups >= 2 {
                let previous = plan.groupMainOrigin(groups - 2, groupsStart: section.groupsStart)
                reach.max = max(reach.max, previous + (isVertical ? full.maxY : full.maxX))
            }
            try addCross(
                plan.firstGroupCross + (isVertical ? first.minX : first.minY),
                plan.firstGroupCross + (isVertical ? first.maxX : first.maxY))
        }
        try allow(reach.min, "an item's position")
        try allow(reach.max, "an item's end")
        return reach
    }

    /// Whether some frame lies beyond `0 … mainLength` along the main axis or `0 … crossLength`
    /// across it, by more than rounding (the extents are sums in another order than the frames').
    func overflows(mainLength: Double, crossLength: Double) -> (main: Bool, cross: Bool) {
        func beyond(_ low: Double, _ high: Double, _ length: Double) -> Bool {
            let tolerance = 1e-10 * max(1, abs(length))
            return low < -tolerance || high > length + tolerance
        }
        return (beyond(mainMin, mainMax, mainLength), beyond(crossMin, crossMax, crossLength))
    }

    /// Widens the main extent by a section's reach.
    mutating func addMain(_ reach: (min: Double, max: Double)) {
        mainMin = min(mainMin, reach.min)
        mainMax = max(mainMax, reach.max)
    }

    /// Checks the content size.
    func check(contentSize: Size) throws(LayoutError) {
        guard CoordinateCheck.isAllowed(contentSize.width), CoordinateCheck.isAllowed(contentSize.height) else {
            throw CoordinateCheck.error(
                nil,
                "the content size would be \(contentSize.width.compactDescription) × \(contentSize.height.compactDescription)"
            )
        }
    }

    private mutating func addCross(_ low: Double?, _ high: Double?) throws(LayoutError) {
        if let low {
            try allow(low, "a frame's cross position")
            crossMin = min(crossMin, low)
        }
        if let high {
            try allow(high, "a frame's cross end")
            crossMax = max(crossMax, high)
        }
    }

    private func allow(_ value: Double, _ what: String) throws(LayoutError) {
        guard CoordinateCheck.isAllowed(value) else {
            throw CoordinateCheck.error(nil, "\(what) would be \(value.compactDescription)")
        }
    }

    private static func error(_ frame: Rect) -> LayoutError {
        CoordinateCheck.error(
            nil,
            "a frame would be {x: \(frame.x.compactDescription), y: \(frame.y.compactDescription), "
                + "width: \(frame.width.compactDescription), height: \(frame.height.compactDescription)}")
    }
}
