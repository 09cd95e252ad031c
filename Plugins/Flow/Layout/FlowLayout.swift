import LayoutKit

/// UIKit's `UICollectionViewFlowLayout`, headless (docs: the flow contract): items in lines
/// that wrap, lines stacked along the scroll axis, section after section, with full-width
/// headers and footers that may pin to the visible bounds.
///
/// Data: sections of items; an item's size is `itemSize` unless its value is a map with
/// `width` and/or `height`. Options: UIKit's property names and defaults (`FlowOptions`).
/// Prepare is O(n) to read the sizes, and a uniform section (every item the same size) costs
/// O(1) to lay out and store; a mixed one O(its items). A bounds change that keeps the line
/// length D costs O(1): pinned headers and footers are placed at query time. A rect query
/// is O(log sections + log lines + k); an element query O(1) (a mixed cell O(log lines)).
public final class FlowLayout: LayoutPlugin {
    public static let header = "header"
    public static let footer = "footer"
    public static let info = PluginInfo(
        name: "flow", version: "1.0.0",
        summary: "Items in lines that wrap, with headers and footers that may pin (UICollectionViewFlowLayout)",
        kinds: [ElementKind(header, .supplementary), ElementKind(footer, .supplementary)],
        options: FlowOptions.names, flipsHorizontally: true, optionSchema: FlowOptions.schema)

    let options: FlowOptions
    var geometry: FlowGeometry
    /// The bounds of the last prepare: where pinned views are placed.
    var bounds = Rect.zero
    /// D at the last prepare; nil before the first.
    var preparedLineLength: Double?
    /// Whether the next prepare reads the data again (a data change, or everything).
    var needsData = true
    /// Preferred sizes taken, by item: the cell's size from the next prepare on (self-sizing).
    var preferredSizes: [ItemPath: Size] = [:]
    /// The items whose preferred size was taken since the last prepare.
    var newlyPreferred: [ItemPath] = []
    public private(set) var contentSize = Size.zero
    public private(set) var contentOverflow: ContentOverflow = []

    public init(options: Options) throws(LayoutError) {
        self.options = try FlowOptions(options)
        geometry = FlowGeometry(metrics: FlowMetrics(options: self.options, bounds: .zero))
    }

    public func prepare(_ context: LayoutContext) throws(LayoutError) {
        let metrics = FlowMetrics(options: options, bounds: context.bounds)
        let data = context.dataSource
        if metrics.lineLength != preparedLineLength {
            // A new D places every item anew, and drops the sizes measured for the old one (CHOICE 9).
            if preparedLineLength != nil { preferredSizes = [:] }
            needsData = true
        }
        if metrics.hasRoom, data.numberOfSections != geometry.contents.count || data.numberOfItems != geometry.itemCount
        {
            needsData = true
        }
        if needsData {
            geometry = try FlowGeometry(data: data, metrics: metrics, preferred: preferredSizes, context: context)
        } else if !newlyPreferred.isEmpty {
            try takePreferredSizes(context: context)
        }
        newlyPreferred = []
        needsData = false
        preparedLineLength = metrics.lineLength
        bounds = context.bounds
        let end = geometry.contentEnd
        contentSize =
            !metrics.hasRoom
            ? .zero
            : metrics.isHorizontal
                ? Size(width: end, height: metrics.lineLength) : Size(width: metrics.lineLength, height: end)
        contentOverflow = geometry.overflow(bounds: bounds)
        context.reportProgress(1)
    }

    public var numberOfElements: Int? {
        guard geometry.metrics.hasRoom else { return 0 }
        let sections = geometry.sections.count
        return geometry.itemCount + (geometry.metrics.headerExtent > 0 ? sections : 0)
            + (geometry.metrics.footerExtent > 0 ? sections : 0)
    }

    /// A change of D lays everything out again; any other change moves only pinned headers
    /// and footers, so it invalidates only when they pin (§12).
    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        let metrics = geometry.metrics
        if metrics.lineLength(of: newBounds) != preparedLineLength { return true }
        return newBounds != bounds && metrics.hasRoom && metrics.hasPinnedViews && !geometry.sections.isEmpty
    }

    public func invalidation(forBoundsChange newBounds: Rect) -> Invalidation {
        geometry.metrics.lineLength(of: newBounds) != preparedLineLength ? .everything : .bounds
    }

    /// New data or everything: the next prepare reads the data again, and the preferred sizes
    /// taken are dropped (the host tells them again). Bounds and items: nothing to mark.
    public func invalidate(_ invalidation: Invalidation) {
        guard !invalidation.isDisjoint(with: [.everything, .data]) else { return }
        needsData = true
        preferredSizes = [:]
        newlyPreferred = []
    }
}
