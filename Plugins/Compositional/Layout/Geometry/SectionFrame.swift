/// One data section laid out along the main axis (§3.4): where it starts and ends, where its
/// content and its groups start, and how far its elements reach.
struct SectionFrame: Sendable {
    /// The index of its description's plan.
    var plan: Int
    var itemCount: Int
    /// `G = ⌈n / N⌉`.
    var groupCount: Int
    var start: Double
    var contentStart: Double
    var groupsStart: Double
    var contentEnd: Double
    var end: Double
    /// The least and greatest main coordinates any of its elements can take, pinned boundary
    /// items at any bounds included (a little wider, for rounding): what queries prune by.
    var reachMin = 0.0
    var reachMax = 0.0

    /// The section after one that ended at `previousEnd` (nil for the first): §3.4 steps 1–5.
    init(plan: Int, itemCount: Int, previousEnd: Double?, interSectionSpacing: Double, _ sectionPlan: SectionPlan) {
        self.plan = plan
        self.itemCount = itemCount
        let leafCount = sectionPlan.template.leafCount
        groupCount = itemCount == 0 ? 0 : (itemCount + leafCount - 1) / leafCount
        start = previousEnd.map { $0 + interSectionSpacing } ?? 0
        contentStart = start + sectionPlan.leadingExtension
        groupsStart = contentStart + sectionPlan.mainInsetStart
        let length: Double
        if itemCount == 0 {
            length = 0
        } else if sectionPlan.isOrthogonal {
            length = sectionPlan.groupMain
        } else {
            length =
                Double(groupCount) * sectionPlan.groupMain + Double(groupCount - 1) * sectionPlan.interGroupSpacing
        }
        contentEnd = groupsStart + length + sectionPlan.mainInsetEnd
        end = contentEnd + sectionPlan.trailingExtension
    }
}
