import LayoutKit

/// UIKit's compositional layout (`UICollectionViewCompositionalLayout`), described in the view's
/// options with UIKit's own names: items in groups (nested, cycled, counted or repeated, with
/// flexible spacing and edges), sections with insets, sideways-scrolling (orthogonal) sections
/// at rest, headers and footers (aligned, extending, offset, pinned), badges and backgrounds.
///
/// Options: `sections` (a list of section descriptions; the last repeats for further data
/// sections) and `configuration` (`scrollDirection`, `interSectionSpacing`); see the contract,
/// `compositional.md`. Only the data's counts matter.
/// Prepare is O(sections + template leaves): a section's group is laid out once, as a template,
/// and every cell is arithmetic from it; a bounds change that only moves the origin is O(1)
/// (pinned items are placed at query time). A rect query is O(log sections + log groups + k):
/// sections and groups by binary search on their extents, the leaves of a large template through
/// its `LeafIndex`.
public final class CompositionalLayout: LayoutPlugin {
    public static let info = PluginInfo(
        name: "compositional", version: "1.0.0",
        summary: "UIKit's compositional layout: items, groups and sections with headers, badges and backgrounds",
        kinds: [], options: ["configuration", "sections"], flipsHorizontally: true, optionSchema: optionSchema)

    let description: CompositionalDescription
    let ranks: KindRanks
    public let elementKinds: [ElementKind]?
    public let elementBudget: ElementBudget?
    var prepared = PreparedSections()
    /// The bounds at the last prepare; only pinned boundary items read its origin.
    var bounds = Rect.zero
    var preparedSize: Size?
    var needsLayout = true
    /// Reused by every query: supplementary and decoration views waiting for their kind order.
    var supplementaryScratch = KindBuckets()
    var decorationScratch = KindBuckets()
    /// Reused by every query: the leaves of a large template that may meet the rect.
    var leafScratch: [Int] = []

    /// Reads and checks the options (§2).
    ///
    /// - Throws: `LayoutError.option` naming the option at fault by its path.
    public init(options: Options) throws(LayoutError) {
        description = try DescriptionReader.description(from: options)
        ranks = KindRanks(description)
        elementKinds = DescriptionReader.elementKinds(of: description)
        var perItem = 0, perSection = 0
        for section in description.sections {
            for item in section.group.allItems { perItem = max(perItem, item.badges.count) }
            perSection = max(perSection, section.boundaryItems.count + section.decorationItems.count)
        }
        elementBudget = ElementBudget(perItem: 1 + perItem, perSection: perSection)
    }

    public var contentSize: Size { prepared.contentSize }

    public var contentOverflow: ContentOverflow { prepared.overflow }

    public var numberOfElements: Int? { prepared.elementCount }

    public func prepare(_ context: LayoutContext) throws(LayoutError) {
        let size = context.bounds.size
        if needsLayout || size != preparedSize {
            needsLayout = true
            prepared = PreparedSections()
            prepared = try PreparedSections(
                description, ranks: ranks, data: context.dataSource, viewport: size, context: context)
            preparedSize = size
            needsLayout = false
        }
        bounds = context.bounds
        context.reportProgress(1)
    }

    /// A new size changes every fraction; a new origin moves only pinned items.
    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.size != preparedSize || newBounds.origin != bounds.origin && prepared.hasPinnedItems
    }

    public func invalidation(forBoundsChange newBounds: Rect) -> Invalidation {
        newBounds.size != preparedSize ? .everything : .bounds
    }

    /// Anything but the bounds (or preferred sizes, which this layout ignores) lays out again.
    public func invalidate(_ invalidation: Invalidation) {
        if !invalidation.isSubset(of: [.bounds, .items]) { needsLayout = true }
    }
}
