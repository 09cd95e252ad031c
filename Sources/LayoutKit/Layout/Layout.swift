/// A collection-view layout, headless: UICollectionViewLayout's model as a Swift protocol.
///
/// The host (playing the collection view) calls `prepare` before anything else and again
/// after each invalidation; between those, every query must answer from the prepared state.
/// Classes, because a prepared layout is a stateful object with identity, as in UIKit.
public protocol Layout: AnyObject {
    /// Computes whatever the layout needs for the given data and bounds.
    ///
    /// - Throws: `LayoutError` when options, data or geometry make the layout impossible,
    ///   or `.cancelled` when `context.isCancelled` became true.
    func prepare(_ context: LayoutContext) throws(LayoutError)

    /// The size of the whole scrollable content, as prepared.
    var contentSize: Size { get }

    /// Appends the attributes of every element (of all categories) whose frame intersects
    /// `rect`, in canonical `ElementID` order, to `result`.
    func elements(in rect: Rect, into result: inout [LayoutAttributes])

    /// The attributes of one element, or nil if the layout has no such element.
    func attributes(for element: ElementID) -> LayoutAttributes?

    /// Whether moving or resizing the bounds to `newBounds` invalidates the layout.
    func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool

    /// What a bounds change invalidates, when `shouldInvalidate(forBoundsChange:)` says so.
    func invalidation(forBoundsChange newBounds: Rect) -> Invalidation

    /// Marks parts of the layout stale; the next `prepare` recomputes them.
    func invalidate(_ invalidation: Invalidation)

    /// Where scrolling should come to rest, given where it would and how fast it moves.
    func targetContentOffset(proposed: Point, velocity: Point) -> Point

    /// How many elements the prepared layout has, or nil if it computes them on demand.
    var numberOfElements: Int? { get }

    /// The attributes an element starts from when it appears (inserted), in `bounds`.
    func initialAttributes(forAppearing element: ElementID, in bounds: Rect) -> LayoutAttributes?

    /// The attributes an element ends at when it disappears (deleted), in `bounds`.
    func finalAttributes(forDisappearing element: ElementID, in bounds: Rect) -> LayoutAttributes?

    /// The data is about to change by `batch`; the next `prepare` gets the new data. Until
    /// then, answer from the old state. Keep what the batch leaves unchanged if that makes the
    /// next prepare cheaper. Default: `invalidate(.data)`.
    func prepare(forUpdates batch: UpdateBatch)

    /// As `elements(in:into:)`, handing a large answer over in pieces: whenever `result`
    /// holds at least `pieceSize` elements the layout may call `flush`, which takes them
    /// (leaving `result` empty), and goes on appending. Lets a whole-layout answer cross to
    /// the host without existing twice. Default: `elements(in:into:)`, in one piece.
    func elements(
        in rect: Rect, into result: inout [LayoutAttributes], pieceSize: Int, flush: (inout [LayoutAttributes]) -> Void)

    /// An element measured itself and would like `preferred` (UIKit's
    /// `preferredLayoutAttributesFitting`). Return what you make of it — the element's size
    /// from the next `prepare` on, and what that prepare redoes — or nil to ignore it. Keep
    /// taken sizes until `invalidate(.data)` or `invalidate(.everything)`; the host prepares
    /// once after a batch of sizes and tells you them again after data changes and in a fresh
    /// layout (perhaps before its first prepare), so a size you already hold must cost
    /// nothing. Default: nil, preferred sizes are ignored.
    func preferredAttributes(_ preferred: Size, for element: ElementID) -> PreferredSizeAnswer?

    /// What the last `prepare` moved, if you know it cheaply (you re-placed only the items
    /// after a preferred size): the first `limit` elements whose frames changed (after a full
    /// prepare, all of them), in canonical order, and how many there are in all. Default: nil
    /// (the host compares every frame before and after a batch of preferred sizes).
    func changedElements(limit: Int) -> (first: [LayoutAttributes], count: Int)?

    /// Drag to reorder: where the cell at `item` (before the move) would land with the drag
    /// at `position`, as an index path after the move; nil for the host's default (the cell
    /// under the position, else the nearest in the item's section).
    func targetForMovingItem(_ item: ItemPath, at position: Point) -> ItemPath?

    /// Drag to reorder: the dragged cell's attributes (at `item`, its current target) with the
    /// drag at `position`; nil for the host's default (its size centred there, above the rest).
    func movingItemAttributes(for item: ItemPath, at position: Point) -> LayoutAttributes?

    /// After a switch to this layout: the content offset to show, given the one that keeps
    /// the anchor in place. Default: `proposed`.
    func targetContentOffset(forProposedContentOffset proposed: Point) -> Point

    /// The supplementary and decoration kinds this layout makes, when its options decide them
    /// (ABI 2.3: a layout described in its options, as UIKit's compositional layout names its
    /// own element kinds). Read once, right after the layout is made. Default: nil, the kinds
    /// of `PluginInfo`.
    var elementKinds: [ElementKind]? { get }

    /// The axes along which the prepared layout's elements may lie beyond its content rect
    /// (ABI 2.3). Read after `prepare`. Default: none.
    var contentOverflow: ContentOverflow { get }

    /// The most elements this layout makes per item and per section (ABI 2.3), when its options
    /// decide it. Read once, right after the layout is made. Default: nil (`ElementBudget.default`).
    var elementBudget: ElementBudget? { get }
}

extension Layout {
    /// The elements intersecting `rect`, in canonical order.
    public func elements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        elements(in: rect, into: &result)
        return result
    }

    public func elements(
        in rect: Rect, into result: inout [LayoutAttributes], pieceSize: Int, flush: (inout [LayoutAttributes]) -> Void
    ) {
        elements(in: rect, into: &result)
    }

    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool { false }

    public var numberOfElements: Int? { nil }

    public func invalidation(forBoundsChange newBounds: Rect) -> Invalidation { .everything }

    public func invalidate(_ invalidation: Invalidation) {}

    public func targetContentOffset(proposed: Point, velocity: Point) -> Point { proposed }

    public func prepare(forUpdates batch: UpdateBatch) { invalidate(.data) }

    public func preferredAttributes(_ preferred: Size, for element: ElementID) -> PreferredSizeAnswer? { nil }

    public func changedElements(limit: Int) -> (first: [LayoutAttributes], count: Int)? { nil }

    public func targetForMovingItem(_ item: ItemPath, at position: Point) -> ItemPath? { nil }

    public func movingItemAttributes(for item: ItemPath, at position: Point) -> LayoutAttributes? { nil }

    public func targetContentOffset(forProposedContentOffset proposed: Point) -> Point { proposed }

    public var elementKinds: [ElementKind]? { nil }

    public var contentOverflow: ContentOverflow { [] }

    public var elementBudget: ElementBudget? { nil }

    /// Seed 003's default: the element's own attributes, transparent, centred in the bounds.
    public func initialAttributes(forAppearing element: ElementID, in bounds: Rect) -> LayoutAttributes? {
        fadedAttributes(for: element, in: bounds)
    }

    /// Seed 003's default, as for appearing elements.
    public func finalAttributes(forDisappearing element: ElementID, in bounds: Rect) -> LayoutAttributes? {
        fadedAttributes(for: element, in: bounds)
    }

    private func fadedAttributes(for element: ElementID, in bounds: Rect) -> LayoutAttributes? {
        guard var attributes = attributes(for: element) else { return nil }
        attributes.alpha = 0
        attributes.frame = attributes.frame.centered(at: Point(x: bounds.midX, y: bounds.midY))
        return attributes
    }
}
