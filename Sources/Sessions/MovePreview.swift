import BatchUpdates
import LayoutKit
import PluginHost

/// A second instance of a view's layout, prepared with the dragged item moved to `target`:
/// what `update {move}` to that target lays out, so a drag shows the layout's own frames
/// (UIKit asks the layout again on every target change).
final class MovePreview {
    let instance: DirectedInstance
    /// Where the item sits in this instance's data.
    private(set) var target: ItemPath
    /// The data the instance was prepared with.
    private var data: DataSet
    /// The bounds the instance was last prepared in.
    private var bounds: Rect
    /// Whether the last prepare succeeded (one the layout refused leaves the instance to be
    /// moved on to another target, which costs no new instance).
    private(set) var isPrepared = false

    /// A new instance of the view's layout, to be prepared (`prepare`) with the view's data moved
    /// by `plan` (the drag's item to `target`) and the view's preferred sizes moved with it.
    init(for target: ItemPath, plan: BatchPlan, in session: ViewSession) throws(PluginCallError) {
        instance = DirectedInstance(
            try session.backend.makeInstance(options: session.view.options),
            flipsHorizontally: session.backend.plugin.flipsHorizontally, direction: session.direction)
        instance.cancel = session.cancel
        self.target = target
        bounds = session.bounds
        data = plan.apply(to: session.source.data.source, allocator: Self.allocator(of: instance))
        try tellPreferredSizes(of: session, movedBy: plan)
    }

    /// Whether this instance still lays out as the view does (same direction), after moving
    /// its bounds with the view's, invalidating and preparing again as the layout asks.
    func follow(_ session: ViewSession) throws(PluginCallError) -> Bool {
        guard instance.direction == session.direction else { return false }
        let newBounds = session.bounds
        guard newBounds != bounds, isPrepared else {
            bounds = newBounds
            return true
        }
        let invalidates = try instance.shouldInvalidate(forBoundsChange: newBounds)
        if invalidates { try instance.invalidate(try instance.invalidation(forBoundsChange: newBounds)) }
        bounds = newBounds
        if invalidates { try prepare(timeout: session.timeout) }
        return true
    }

    /// Moves the item on to `newTarget`: the layout is told of one `move` from where the item
    /// sits here (it may lay out again incrementally; after a refused prepare, it is told its
    /// data changed), then prepared with the view's data moved by `plan` (the item from its
    /// place to `newTarget`).
    ///
    /// - Returns: false if the one move does not fit this instance's data (nothing changed).
    func move(to newTarget: ItemPath, plan: BatchPlan, in session: ViewSession) throws(PluginCallError) -> Bool {
        guard
            let step = try? BatchPlan(
                changes: [.move(target, to: newTarget)], sectionCounts: data.source.sectionCounts,
                rules: data.source.batchRules)
        else { return false }
        if isPrepared { try instance.prepareForUpdates(step) } else { try instance.invalidate(.data) }
        target = newTarget
        data = plan.apply(to: session.source.data.source, allocator: Self.allocator(of: instance))
        try tellPreferredSizes(of: session, movedBy: plan)
        try prepare(timeout: session.timeout)
        return true
    }

    private func tellPreferredSizes(of session: ViewSession, movedBy plan: BatchPlan) throws(PluginCallError) {
        let moved = session.preferredSizes.compactMap { element, size in
            element.identity(after: plan).map { PreferredSize(element: $0, size: size) }
        }
        guard !moved.isEmpty else { return }
        _ = try instance.preferredAttributes(moved.sorted { $0.element < $1.element })
    }

    func prepare(timeout: Double?) throws(PluginCallError) {
        let cancel = instance.cancel, data = data, bounds = bounds, instance = instance
        isPrepared = false
        try cancel.withTimeout(timeout) { () throws(PluginCallError) in
            try instance.prepare(data: data, bounds: bounds, cancel: cancel)
        }
        isPrepared = true
    }

    private static func allocator(of instance: DirectedInstance) -> DataSetAllocator? {
        (instance.base as? any DataAllocating)?.dataAllocator
    }
}

extension ViewSession {
    /// The layout that shows the drag with the item at `target`: the view's own when the move
    /// changes no data (the item's place, or a run of items the layout cannot tell apart);
    /// else a preview instance — the one at `target` already, or one moved there, never the
    /// one at `keeping` (the previous step's, still needed to diff against). At most two
    /// previews live per drag, so a target change costs one prepare of the data with the item
    /// moved, which the layout may take incrementally (`prepare_for_updates`, one move).
    ///
    /// - Returns: nil when the layout rejects the data with the item at `target` (as it would
    ///   refuse `update {move}` there): the item cannot go there.
    func moveLayout(for target: ItemPath, keeping: ItemPath? = nil) throws(ViewSessionError) -> DirectedInstance? {
        guard var move = interactiveMove else { return layout }
        defer { interactiveMove = move }
        let unchanged = move.leavesDataUnchanged[target] ?? leavesDataUnchanged(from: move.from, to: target)
        move.leavesDataUnchanged[target] = unchanged
        if unchanged { return layout }
        var preparing: MovePreview?
        do throws(PluginCallError) {
            var following: [MovePreview] = []
            for preview in move.previews where try preview.follow(self) { following.append(preview) }
            move.previews = following
            if let ready = move.previews.first(where: { $0.target == target && $0.isPrepared }) {
                return ready.instance
            }
            // Only a new target pays for a plan: O(sections).
            guard
                let plan = try? BatchPlan(
                    changes: [.move(move.from, to: target)], sectionCounts: source.data.source.sectionCounts,
                    rules: source.data.source.batchRules)
            else { return layout }
            if move.previews.count == 2, let spare = move.previews.first(where: { $0.target != keeping }) {
                preparing = spare
                if try spare.move(to: target, plan: plan, in: self) { return spare.instance }
            }
            preparing = nil
            let made = try MovePreview(for: target, plan: plan, in: self)
            if move.previews.count == 2 { move.previews.removeAll { $0.target != keeping } }
            move.previews.append(made)
            preparing = made
            try made.prepare(timeout: timeout)
            return made.instance
        } catch {
            // Refused data leaves the instance unprepared, to be moved on; anything else ends it.
            if case .reported(let reported) = error, case .data = reported { return nil }
            if let preparing { move.previews.removeAll { $0 === preparing } }
            throw Self.locate(error, view: view, source: source, file: workspaceFile)
        }
    }

    /// Whether moving the item from `from` to `target` leaves the data as it is: within one
    /// section, every item it passes has its value (byte for byte) and its preferred size.
    /// O(distance).
    private func leavesDataUnchanged(from: ItemPath, to target: ItemPath) -> Bool {
        guard from.section == target.section else { return false }
        let data = source.data.source
        let sectionStart = data.globalIndex(of: ItemPath(section: from.section, item: 0))
        let moving = data.encodedValue(atGlobalIndex: sectionStart + from.item)
        let size = preferredSizes[.cell(from.section, from.item)]
        for item in min(from.item, target.item)...max(from.item, target.item) {
            guard data.encodedValue(atGlobalIndex: sectionStart + item).elementsEqual(moving),
                preferredSizes[.cell(from.section, item)] == size
            else { return false }
        }
        return true
    }
}
