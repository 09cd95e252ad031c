import BatchUpdates
import LayoutKit

/// A plugin instance in a view with a direction: passes everything through, except that a
/// plugin that flips (`LoadedPlugin.flipsHorizontally`) in a right-to-left view is mirrored
/// around its content's width, as UIKit mirrors a layout whose
/// `flipsHorizontallyInOppositeLayoutDirection` is true.
///
/// The plugin lays out left to right in its own space; the host's space is its mirror image:
/// frames out `x' = contentWidth − x − width`, rects and bounds in the same, target content
/// offsets mirrored with velocity x negated. What follows the bounds' left edge in the plugin
/// (the guide's sticky channel column) follows their right edge in the view. Mirroring costs
/// O(1) per call and nothing per record until a record is read.
public final class DirectedInstance: PluginInstance {
    /// The plugin's instance, in the plugin's space.
    public let base: any PluginInstance
    /// Whether the plugin wants the host to mirror it in right-to-left views.
    public let flipsHorizontally: Bool
    /// The content width the prepared layout mirrors around, read after each mirrored prepare.
    private var contentWidth: Double?
    /// The bounds in the host's space as last prepared or proposed: their width places a
    /// mirrored target content offset.
    private var lastBounds = Rect.zero

    public init(_ base: any PluginInstance, flipsHorizontally: Bool, direction: LayoutDirection) {
        self.base = base
        self.flipsHorizontally = flipsHorizontally
        base.direction = direction
    }

    public var cancel: CancelFlag {
        get { base.cancel }
        set { base.cancel = newValue }
    }

    /// Takes effect at the next prepare; the caller invalidates everything when it changes.
    public var direction: LayoutDirection {
        get { base.direction }
        set { base.direction = newValue }
    }

    /// Whether the host mirrors this instance now.
    public var isMirrored: Bool { flipsHorizontally && direction == .rightToLeft }

    /// `rect` in the plugin's space (or the host's: mirroring is its own inverse).
    private func mirror(_ rect: Rect) -> Rect {
        guard isMirrored, let contentWidth else { return rect }
        return rect.mirrored(inWidth: contentWidth)
    }

    private func mirror(_ attributes: LayoutAttributes?) -> LayoutAttributes? {
        guard var attributes, isMirrored, let contentWidth else { return attributes }
        attributes.frame = attributes.frame.mirrored(inWidth: contentWidth)
        return attributes
    }

    public func prepare(data: DataSet, bounds: Rect, cancel: CancelFlag) throws(PluginCallError) {
        try prepare(data: data, bounds: bounds, cancel: cancel, progress: nil)
    }

    /// Prepares the plugin at the bounds mirrored around the content width it had; when the
    /// prepare changes that width, the bounds are mirrored again around the new one and given
    /// to the plugin as a bounds change (at most twice: a width that depends on the bounds'
    /// origin would not settle).
    public func prepare(data: DataSet, bounds: Rect, cancel: CancelFlag, progress: ((Double) -> Void)?)
        throws(PluginCallError)
    {
        lastBounds = bounds
        guard isMirrored else {
            return try base.prepare(data: data, bounds: bounds, cancel: cancel, progress: progress)
        }
        var inPluginSpace = bounds.mirrored(inWidth: contentWidth ?? bounds.width)
        try base.prepare(data: data, bounds: inPluginSpace, cancel: cancel, progress: progress)
        for _ in 0..<2 {
            let width = try base.contentSize().width
            contentWidth = width
            let settled = bounds.mirrored(inWidth: width)
            guard settled != inPluginSpace else { return }
            if try base.shouldInvalidate(forBoundsChange: settled) {
                try base.invalidate(try base.invalidation(forBoundsChange: settled))
                try base.prepare(data: data, bounds: settled, cancel: cancel, progress: progress)
            }
            inPluginSpace = settled
        }
        contentWidth = try base.contentSize().width
    }

    public func prepareForUpdates(_ plan: BatchPlan) throws(PluginCallError) { try base.prepareForUpdates(plan) }
    public func contentSize() throws(PluginCallError) -> Size { try base.contentSize() }
    public var facts: InstanceFacts { base.facts }
    /// Mirroring keeps the axes: what overflows left to right overflows right to left.
    public func contentOverflow() throws(PluginCallError) -> ContentOverflow { try base.contentOverflow() }
    public func numberOfElements() throws(PluginCallError) -> Int? { try base.numberOfElements() }

    public func withElements<T>(in rect: Rect, _ body: (AttributesRecords) throws(PluginCallError) -> T)
        throws(PluginCallError) -> T
    {
        guard isMirrored, let contentWidth else { return try base.withElements(in: rect, body) }
        return try base.withElements(in: rect.mirrored(inWidth: contentWidth)) { records throws(PluginCallError) in
            try body(records.mirrored(inWidth: contentWidth))
        }
    }

    public func withElements(
        inEach rects: [Rect], _ body: (_ index: Int, AttributesRecords) throws(PluginCallError) -> Bool
    ) throws(PluginCallError) {
        guard isMirrored, let contentWidth else { return try base.withElements(inEach: rects, body) }
        try base.withElements(inEach: rects.map { $0.mirrored(inWidth: contentWidth) }) {
            index, records throws(PluginCallError) in try body(index, records.mirrored(inWidth: contentWidth))
        }
    }

    public func attributes(for element: ElementID) throws(PluginCallError) -> LayoutAttributes? {
        mirror(try base.attributes(for: element))
    }

    public func transitionAttributes(for element: ElementID, isAppearing: Bool, in bounds: Rect) throws(PluginCallError)
        -> LayoutAttributes?
    {
        mirror(try base.transitionAttributes(for: element, isAppearing: isAppearing, in: mirror(bounds)))
    }

    public func shouldInvalidate(forBoundsChange newBounds: Rect) throws(PluginCallError) -> Bool {
        lastBounds = newBounds
        return try base.shouldInvalidate(forBoundsChange: mirror(newBounds))
    }

    public func invalidation(forBoundsChange newBounds: Rect) throws(PluginCallError) -> Invalidation {
        try base.invalidation(forBoundsChange: mirror(newBounds))
    }

    public func invalidate(_ invalidation: Invalidation) throws(PluginCallError) { try base.invalidate(invalidation) }

    /// The plugin's answer for the mirrored proposal (velocity x negated), mirrored back:
    /// offsets are bounds origins, so they mirror with the bounds' width.
    public func targetContentOffset(proposed: Point, velocity: Point) throws(PluginCallError) -> Point {
        guard isMirrored, let contentWidth else {
            return try base.targetContentOffset(proposed: proposed, velocity: velocity)
        }
        let width = lastBounds.width
        let answer = try base.targetContentOffset(
            proposed: Point(x: contentWidth - proposed.x - width, y: proposed.y),
            velocity: Point(x: -velocity.x, y: velocity.y))
        return Point(x: contentWidth - answer.x - width, y: answer.y)
    }

    /// The plugin's answer for the proposal mirrored, mirrored back (as a target offset).
    public func targetContentOffset(forProposed proposed: Point) throws(PluginCallError) -> Point {
        guard isMirrored, let contentWidth else { return try base.targetContentOffset(forProposed: proposed) }
        let width = lastBounds.width
        let answer = try base.targetContentOffset(
            forProposed: Point(x: contentWidth - proposed.x - width, y: proposed.y))
        return Point(x: contentWidth - answer.x - width, y: answer.y)
    }

    /// The position mirrored in (a point: `x' = w − x`).
    public func targetForMovingItem(_ item: ItemPath, at position: Point) throws(PluginCallError) -> ItemPath? {
        try base.targetForMovingItem(item, at: mirror(position))
    }

    /// The position mirrored in, the frame mirrored out.
    public func movingItemAttributes(for item: ItemPath, at position: Point) throws(PluginCallError)
        -> LayoutAttributes?
    {
        mirror(try base.movingItemAttributes(for: item, at: mirror(position)))
    }

    private func mirror(_ point: Point) -> Point {
        guard isMirrored, let contentWidth else { return point }
        return Point(x: contentWidth - point.x, y: point.y)
    }

    /// Which elements the last prepare moved: identities, so the same in either direction.
    public func changedElements(limit: Int) throws(PluginCallError) -> (first: [ElementID], count: Int)? {
        try base.changedElements(limit: limit)
    }

    public func preferredAttributes(_ sizes: [PreferredSize]) throws(PluginCallError) -> [PreferredSizeAnswer?] {
        try base.preferredAttributes(sizes)
    }
}
