import BatchUpdates
import LayoutKit

/// How the host runs one plugin's layouts: in this process (`InProcessBackend`) or in a child
/// process (the `PluginIsolation` module). Sessions, the server and the batch runner see only
/// this seam, so they work the same in both isolation modes.
public protocol PluginBackend: AnyObject, Sendable {
    /// The plugin as discovered: name, kinds, options.
    var plugin: LoadedPlugin { get }

    /// Makes a layout with a view's options.
    ///
    /// - Throws: `.reported(.option(…))` when the plugin refuses the options, or a failure of
    ///   the plugin's host.
    func makeInstance(options: [String: Value]) throws(PluginCallError) -> any PluginInstance
}

/// One layout object living in a plugin. Not thread-safe: one owner calls it at a time.
///
/// Every record it hands back has been checked at the boundary (`RecordCheck`): finite
/// numbers, non-negative sizes, declared kinds, existing index paths, canonical order.
public protocol PluginInstance: AnyObject {
    /// The current request's cancel flag: calls that may hang watch it (and `prepare` is
    /// given its own). The session sets it per request.
    var cancel: CancelFlag { get set }

    /// What the instance said of itself when it was made (ABI 2.3): its own kinds, its element budget.
    var facts: InstanceFacts { get }

    /// The axes along which the prepared layout's elements may lie beyond its content (ABI
    /// 2.3's optional `content_overflow`; without it, none).
    func contentOverflow() throws(PluginCallError) -> ContentOverflow

    /// The view's direction, passed on in every `prepare`'s context from the next one on (ABI
    /// 2.2). Mirroring for plugins that flip is not the instance's business: see `DirectedInstance`.
    var direction: LayoutDirection { get set }

    /// Computes the layout for `data` and `bounds`. The plugin polls `cancel`; a plugin that
    /// ignores it may be stopped by force where the backend can (a child is killed).
    func prepare(data: DataSet, bounds: Rect, cancel: CancelFlag) throws(PluginCallError)

    /// `prepare`, passing on the plugin's progress reports (fractions 0…1) to `progress`.
    func prepare(data: DataSet, bounds: Rect, cancel: CancelFlag, progress: ((Double) -> Void)?) throws(PluginCallError)

    /// Tells the layout that the data is about to change by `plan` (ABI 2's optional
    /// `prepare_for_updates`; without it, `invalidate(.data)`). The next `prepare` gets the new data.
    func prepareForUpdates(_ plan: BatchPlan) throws(PluginCallError)

    /// The size of the whole content, as prepared.
    func contentSize() throws(PluginCallError) -> Size

    /// How many elements the prepared layout has, or nil when it computes them on demand.
    func numberOfElements() throws(PluginCallError) -> Int?

    /// Runs `body` on the checked records of the elements intersecting `rect`, in canonical
    /// order: one plugin call, no decoding unless `body` asks for it.
    func withElements<T>(in rect: Rect, _ body: (AttributesRecords) throws(PluginCallError) -> T)
        throws(PluginCallError) -> T

    /// Runs `body` on the checked records of each of `rects` in turn (band `index`, as
    /// `withElements(in:)` gives them) until it returns false. A backend may compute the next
    /// rect's answer while `body` runs on this one (a plugin process in its second result area,
    /// the in-process backend on a thread of its own), so the plugin's work and the caller's
    /// overlap. `body` must not call the instance.
    func withElements(
        inEach rects: [Rect], _ body: (_ index: Int, AttributesRecords) throws(PluginCallError) -> Bool
    ) throws(PluginCallError)

    /// One element's attributes, or nil if the layout has no such element.
    func attributes(for element: ElementID) throws(PluginCallError) -> LayoutAttributes?

    /// The attributes an element starts from when appearing (or ends at when disappearing).
    func transitionAttributes(for element: ElementID, isAppearing: Bool, in bounds: Rect) throws(PluginCallError)
        -> LayoutAttributes?

    func shouldInvalidate(forBoundsChange newBounds: Rect) throws(PluginCallError) -> Bool
    func invalidation(forBoundsChange newBounds: Rect) throws(PluginCallError) -> Invalidation
    func invalidate(_ invalidation: Invalidation) throws(PluginCallError)
    func targetContentOffset(proposed: Point, velocity: Point) throws(PluginCallError) -> Point

    /// Tells the layout the sizes elements measured for themselves (ABI 2.1's optional
    /// `preferred_attributes`; a plugin without it ignores them all). The layout lays out
    /// the sizes it takes from its next `prepare` on.
    ///
    /// - Returns: per size, in order, what the layout made of it; nil when it ignored it.
    func preferredAttributes(_ sizes: [PreferredSize]) throws(PluginCallError) -> [PreferredSizeAnswer?]

    /// What the last `prepare` moved, when the layout knows (ABI 2.1's optional
    /// `changed_elements`): the first `limit` elements whose frames changed, in canonical
    /// order, and how many in all; nil when it does not know.
    func changedElements(limit: Int) throws(PluginCallError) -> (first: [ElementID], count: Int)?
    /// Where a layout just switched to wants the content offset, given the proposed one (ABI
    /// 2.2's optional `target_content_offset_for_proposed`; without it, the proposal).
    func targetContentOffset(forProposed proposed: Point) throws(PluginCallError) -> Point

    /// Drag to reorder (ABI 2.2's optional `target_for_moving_item`): where the cell at `item`
    /// (before the move) would land with the drag at `position`; nil for the host's default.
    func targetForMovingItem(_ item: ItemPath, at position: Point) throws(PluginCallError) -> ItemPath?

    /// Drag to reorder (ABI 2.2's optional `moving_item_attributes`): the dragged cell's
    /// attributes, at `item` (its current target); nil for the host's default.
    func movingItemAttributes(for item: ItemPath, at position: Point) throws(PluginCallError) -> LayoutAttributes?
}

extension PluginInstance {
    /// A backend that cannot pass progress on prepares without it.
    public func prepare(data: DataSet, bounds: Rect, cancel: CancelFlag, progress: ((Double) -> Void)?)
        throws(PluginCallError)
    {
        try prepare(data: data, bounds: bounds, cancel: cancel)
    }

    /// A backend without the function keeps the proposal.
    public func targetContentOffset(forProposed proposed: Point) throws(PluginCallError) -> Point { proposed }

    /// A backend without the function leaves the target to the host.
    public func targetForMovingItem(_ item: ItemPath, at position: Point) throws(PluginCallError) -> ItemPath? { nil }

    /// A backend without the function leaves the dragged attributes to the host.
    public func movingItemAttributes(for item: ItemPath, at position: Point) throws(PluginCallError)
        -> LayoutAttributes?
    { nil }

    /// A backend that cannot pass a batch on invalidates the data instead.
    public func prepareForUpdates(_ plan: BatchPlan) throws(PluginCallError) {
        try invalidate(.data)
    }

    /// The elements intersecting `rect`, decoded, in canonical order.
    public func elements(in rect: Rect) throws(PluginCallError) -> [LayoutAttributes] {
        try withElements(in: rect) { records throws(PluginCallError) in records.allAttributes }
    }
}

/// An instance that reads data best from memory it makes itself (a plugin process maps
/// shared memory): new data for it, such as a batch update's, is written there directly.
package protocol DataAllocating {
    var dataAllocator: DataSetAllocator { get }
}
