import LayoutKit

/// A header or footer sized and placed across its section (§3.7); its main position comes from
/// the section, and from the bounds when it pins.
struct BoundaryPlacement: Sendable {
    var kindRank: Int
    var zIndex: Int
    var boundary: BoundaryItemDescription.Boundary
    var extendsBoundary: Bool
    var pinsToVisibleBounds: Bool
    var isVertical: Bool
    var mainSize: Double
    var crossSize: Double
    /// The cross position before the offset.
    var crossPosition: Double
    var offsetMain: Double
    var offsetCross: Double

    /// Sizes `item` in `container` and places it across `crossStart ..< crossStart + crossLength`. O(1).
    init(
        _ item: BoundaryItemDescription, kindRank: Int, isVertical: Bool, container: Size, crossStart: Double,
        crossLength: Double
    ) {
        let (width, height) = item.size.resolved(width: container.width, height: container.height)
        self.kindRank = kindRank
        zIndex = item.zIndex
        boundary = item.boundary
        extendsBoundary = item.extendsBoundary
        pinsToVisibleBounds = item.pinsToVisibleBounds
        self.isVertical = isVertical
        mainSize = isVertical ? height : width
        crossSize = isVertical ? width : height
        switch item.crossPlacement {
        case .leading: crossPosition = crossStart
        case .trailing: crossPosition = crossStart + crossLength - crossSize
        case .center: crossPosition = crossStart + (crossLength - crossSize) / 2
        }
        offsetMain = isVertical ? item.offsetY : item.offsetX
        offsetCross = isVertical ? item.offsetX : item.offsetY
    }

    /// The main position with the offset, before pinning. O(1).
    func unpinnedMain(in section: SectionFrame) -> Double {
        let main: Double
        switch boundary {
        case .leading: main = extendsBoundary ? section.start : section.contentStart
        case .trailing: main = extendsBoundary ? section.contentEnd : section.contentEnd - mainSize
        }
        return main + offsetMain
    }

    /// The frame in `section` with the bounds' main origin and length (read only when pinned). O(1).
    func frame(in section: SectionFrame, boundsMain: Double, boundsLength: Double) -> Rect {
        var main = unpinnedMain(in: section)
        if pinsToVisibleBounds {
            switch boundary {
            case .leading: main = max(main, min(boundsMain, section.end - mainSize))
            case .trailing: main = min(main, max(boundsMain + boundsLength - mainSize, section.start))
            }
        }
        let cross = crossPosition + offsetCross
        return isVertical
            ? Rect(x: cross, y: main, width: crossSize, height: mainSize)
            : Rect(x: main, y: cross, width: mainSize, height: crossSize)
    }

    /// The least and greatest main coordinates the frame takes at any bounds. O(1).
    func mainReach(in section: SectionFrame) -> (min: Double, max: Double) {
        let main = unpinnedMain(in: section)
        guard pinsToVisibleBounds else { return (main, main + mainSize) }
        switch boundary {
        case .leading: return (main, max(main, section.end - mainSize) + mainSize)
        case .trailing: return (min(main, section.start), main + mainSize)
        }
    }
}
