import LayoutKit

/// Lays out a section's group once, at origin (0, 0), into its template (§3.3): children along
/// each group's axis by `subitems` (cycled while they fit), `subitem` + `count` (resized) or
/// `repeatingSubitem` + `count` (kept, must fit); leftover shared by flexible spacings and edges;
/// children placed across by their cross edges; leaves numbered depth first.
///
/// O(leaves + children), at most 10,000 of each: the first group that would exceed them fails.
struct GroupSolver {
    /// Templates hold at most this many leaves, groups this many children.
    static let limit = 10_000

    /// The supplementary kinds' ranks (name order), for badges.
    let kindRanks: [String: Int]
    private(set) var template: GroupTemplate
    /// The path of the section's group, for "too many leaves".
    private let sectionGroupPath: String

    /// A child placed along its group's axis.
    private struct Placed {
        var child: Subitem
        var along: Double
        var cross: Double
        var lead: Spacing
        var trail: Spacing
        var crossLead: Spacing
        var crossTrail: Spacing
    }

    /// The template of `group` at its resolved size `size`.
    ///
    /// - Throws: `LayoutError.layout` naming the group that cannot be laid out (§3.13).
    static func template(of group: GroupDescription, size: Size, kindRanks: [String: Int]) throws(LayoutError)
        -> GroupTemplate
    {
        var solver = GroupSolver(
            kindRanks: kindRanks, template: GroupTemplate(size: size), sectionGroupPath: group.path)
        try solver.layOut(group, in: Rect(origin: .zero, size: size))
        return solver.template
    }

    private mutating func layOut(_ group: GroupDescription, in frame: Rect) throws(LayoutError) {
        let insets = group.contentInsets.effective(for: group.size)
        let contentX = frame.minX + insets.leading, contentY = frame.minY + insets.top
        let contentWidth = max(0, frame.width - insets.leading - insets.trailing)
        let contentHeight = max(0, frame.height - insets.top - insets.bottom)
        let isHorizontal = group.axis == .horizontal
        let length = isHorizontal ? contentWidth : contentHeight
        let crossLength = isHorizontal ? contentHeight : contentWidth
        let spacing = group.interItemSpacing
        func placed(_ child: Subitem, along: Double? = nil) -> Placed {
            let size = child.size.resolved(width: contentWidth, height: contentHeight)
            let edges = child.edgeSpacing
            return isHorizontal
                ? Placed(
                    child: child, along: along ?? size.width, cross: size.height, lead: edges.leading,
                    trail: edges.trailing, crossLead: edges.top, crossTrail: edges.bottom)
                : Placed(
                    child: child, along: along ?? size.height, cross: size.width, lead: edges.top,
                    trail: edges.bottom, crossLead: edges.leading, crossTrail: edges.trailing)
        }
        let children = try place(group, placed, length: length)
        // Step 3: the leftover, shared by the flexible slots.
        var used = 0.0
        var slots = spacing.isFlexible ? children.count - 1 : 0
        for (index, child) in children.enumerated() {
            if index > 0 { used += spacing.value }
            used += child.lead.value
            used += child.along
            used += child.trail.value
            slots += (child.lead.isFlexible ? 1 : 0) + (child.trail.isFlexible ? 1 : 0)
        }
        let leftover = max(0, length - used)
        let extra = slots > 0 ? leftover / Double(slots) : 0
        var position = 0.0
        for (index, child) in children.enumerated() {
            if index > 0 {
                position += spacing.value
                if spacing.isFlexible { position += extra }
            }
            position += child.lead.value
            if child.lead.isFlexible { position += extra }
            let start = position
            position += child.along
            position += child.trail.value
            if child.trail.isFlexible { position += extra }
            // Step 4: across the axis.
            var offset = child.crossLead.value
            let room = crossLength - child.crossLead.value - child.cross - child.crossTrail.value
            if room > 0 {
                if child.crossLead.isFlexible && child.crossTrail.isFlexible {
                    offset += room / 2
                } else if child.crossLead.isFlexible {
                    offset += room
                }
            }
            // Step 5: the child's slot.
            let slot =
                isHorizontal
                ? Rect(x: contentX + start, y: contentY + offset, width: child.along, height: child.cross)
                : Rect(x: contentX + offset, y: contentY + start, width: child.cross, height: child.along)
            switch child.child {
            case .group(let nested): try layOut(nested, in: slot)
            case .item(let item): try appendLeaf(item, in: slot)
            }
        }
    }

    /// Step 2: the children along the axis, by arrangement.
    private func place(_ group: GroupDescription, _ placed: (Subitem, Double?) -> Placed, length: Double)
        throws(LayoutError) -> [Placed]
    {
        let spacing = group.interItemSpacing.value
        let limit = length + 1e-9 * max(1, abs(length))
        func end(after position: Double, _ child: Placed, isFirst: Bool) -> Double {
            var end = position
            if !isFirst { end += spacing }
            end += child.lead.value
            end += child.along
            end += child.trail.value
            return end
        }
        var children: [Placed] = []
        var position = 0.0
        switch group.arrangement {
        case .subitems(let list):
            let candidates = list.map { placed($0, nil) }
            while true {
                let child = candidates[children.count % candidates.count]
                let childEnd = end(after: position, child, isFirst: children.isEmpty)
                if childEnd > limit {
                    guard !children.isEmpty else {
                        throw .layout(
                            message: "\(group.path): the group fits no subitem: its first would end at "
                                + "\(childEnd.compactDescription) along a content length of \(length.compactDescription)"
                        )
                    }
                    break
                }
                guard children.count < Self.limit else {
                    throw .layout(
                        message: "\(group.path): the group would hold more than \(Self.limit) subitems "
                            + "(subitems of zero extent never fill it)")
                }
                children.append(child)
                position = childEnd
            }
        case .subitem(let child, let count):
            let edges = placed(child, 0)
            let along = (length - spacing * Double(count - 1)) / Double(count) - edges.lead.value - edges.trail.value
            guard !(along < 0) else {
                throw .layout(
                    message: "\(group.path): \(count) copies with their spacing leave each a negative length "
                        + "(\(along.compactDescription)) in a content length of \(length.compactDescription)")
            }
            children = Array(repeating: placed(child, along), count: count)
        case .repeatingSubitem(let child, let count):
            let copy = placed(child, nil)
            for index in 0..<count {
                let copyEnd = end(after: position, copy, isFirst: index == 0)
                guard !(copyEnd > limit) else {
                    throw .layout(
                        message: "\(group.path): copy \(index + 1) of \(count) of the repeatingSubitem would end at "
                            + "\(copyEnd.compactDescription), beyond the content length \(length.compactDescription)")
                }
                children.append(copy)
                position = copyEnd
            }
        }
        return children
    }

    /// Step 5 for an item: its frame is its slot less its effective insets; then its badges.
    private mutating func appendLeaf(_ item: ItemDescription, in slot: Rect) throws(LayoutError) {
        guard template.leafCount < Self.limit else {
            throw .layout(message: "\(sectionGroupPath): the group's template would have more than \(Self.limit) items")
        }
        let insets = item.contentInsets.effective(for: item.size)
        let frame = Rect(
            x: slot.minX + insets.leading, y: slot.minY + insets.top,
            width: max(0, slot.width - insets.leading - insets.trailing),
            height: max(0, slot.height - insets.top - insets.bottom))
        let badges = item.badges.map { BadgePlacement($0, kindRank: kindRanks[$0.kind]!, leaf: frame) }
        template.append(leaf: frame, badges: badges)
    }
}
