import LayoutKit

/// What one section description gives at one viewport, whatever the section's data: its group's
/// template, the main and cross geometry of its groups, and its boundary and decoration items
/// sized and placed across (§3.2–§3.9). Every data section the description lays out reads it.
///
/// Made in O(template leaves + boundary items + decoration items). Immutable, and shared by every
/// data section of its description: a class, so that a section reads it without copying its arrays.
final class SectionPlan: Sendable {
    /// Whether the layout scrolls vertically (the main axis is y).
    let isVertical: Bool
    let template: GroupTemplate
    /// The template's leaves along the main axis, when it has many.
    let leafIndex: LeafIndex?
    /// The group's size along the main axis (`gm`) and across it (`gc`).
    let groupMain: Double
    let groupCross: Double
    let interGroupSpacing: Double
    let isOrthogonal: Bool
    /// Group 0's cross origin: the cross inset, or (orthogonal, centred paging) the centred position.
    let firstGroupCross: Double
    let mainInsetStart: Double
    let mainInsetEnd: Double
    /// `leadExt` and `trailExt`: the boundary items that extend the section.
    let leadingExtension: Double
    let trailingExtension: Double
    let boundaryItems: [BoundaryPlacement]
    let decorations: [DecorationPlacement]
    /// The view's width (vertical) or height (horizontal): the section's cross extent.
    let crossExtent: Double

    /// Sizes and places what description `section` needs at the viewport `width × height`.
    ///
    /// - Throws: `LayoutError.layout` when its group cannot be laid out (§3.13).
    init(
        _ section: SectionDescription, isVertical: Bool, viewport: Size, supplementaryRanks: [String: Int],
        decorationRanks: [String: Int]
    ) throws(LayoutError) {
        let (width, height) = (viewport.width, viewport.height)
        let insets = section.contentInsets
        let containerWidth = max(0, width - insets.leading - insets.trailing)
        let containerHeight = max(0, height - insets.top - insets.bottom)
        let groupSize = section.group.size.resolved(width: containerWidth, height: containerHeight)
        template = try GroupSolver.template(
            of: section.group, size: Size(width: groupSize.width, height: groupSize.height),
            kindRanks: supplementaryRanks)
        self.isVertical = isVertical
        leafIndex = LeafIndex(template, isVertical: isVertical)
        groupMain = isVertical ? groupSize.height : groupSize.width
        groupCross = isVertical ? groupSize.width : groupSize.height
        interGroupSpacing = section.interGroupSpacing
        isOrthogonal = section.orthogonalScrolling != .none
        let crossInsetStart = isVertical ? insets.leading : insets.top
        let crossContainer = isVertical ? containerWidth : containerHeight
        firstGroupCross =
            section.orthogonalScrolling == .groupPagingCentered
            ? crossInsetStart + (crossContainer - groupCross) / 2 : crossInsetStart
        mainInsetStart = isVertical ? insets.top : insets.leading
        mainInsetEnd = isVertical ? insets.bottom : insets.trailing
        crossExtent = isVertical ? width : height
        var boundaryItems: [BoundaryPlacement] = []
        var leadingExtension = 0.0, trailingExtension = 0.0
        for item in section.boundaryItems {
            let follows = section.supplementariesFollowContentInsets
            let placement = BoundaryPlacement(
                item, kindRank: supplementaryRanks[item.kind]!, isVertical: isVertical,
                container: follows ? Size(width: containerWidth, height: containerHeight) : viewport,
                crossStart: follows ? crossInsetStart : 0, crossLength: follows ? crossContainer : crossExtent)
            boundaryItems.append(placement)
            if item.extendsBoundary {
                if item.boundary == .leading {
                    leadingExtension = max(leadingExtension, placement.mainSize)
                } else {
                    trailingExtension = max(trailingExtension, placement.mainSize)
                }
            }
        }
        self.boundaryItems = boundaryItems
        self.leadingExtension = leadingExtension
        self.trailingExtension = trailingExtension
        decorations = section.decorationItems.map {
            DecorationPlacement(kindRank: decorationRanks[$0.kind]!, zIndex: $0.zIndex, insets: $0.contentInsets)
        }
    }

    /// The main origin of group `group` of a non-orthogonal section: `groupsStart + g·(gm + interGroupSpacing)`.
    @inline(__always)
    func groupMainOrigin(_ group: Int, groupsStart: Double) -> Double {
        groupsStart + Double(group) * (groupMain + interGroupSpacing)
    }

    /// The cross origin of group `group` of an orthogonal section: `first + g·(gc + interGroupSpacing)`.
    @inline(__always)
    func groupCrossOrigin(_ group: Int) -> Double {
        firstGroupCross + Double(group) * (groupCross + interGroupSpacing)
    }

    /// Group `group`'s origin in a section whose groups start at `groupsStart` (§3.5, §3.6).
    @inline(__always)
    func groupOrigin(_ group: Int, groupsStart: Double) -> Point {
        let main = isOrthogonal ? groupsStart : groupMainOrigin(group, groupsStart: groupsStart)
        let cross = isOrthogonal ? groupCrossOrigin(group) : firstGroupCross
        return isVertical ? Point(x: cross, y: main) : Point(x: main, y: cross)
    }
}
