import BatchUpdates
import LayoutKit
import PluginHost
import WorkspaceModel

/// What a batch update did to the elements in a rect (seed 003's insertion and deletion
/// animations): each list in canonical order of the new identity (disappearing: the old one).
public struct UpdateResult: Sendable {
    public var contentSize: Size
    /// Elements only in the new layout: their attributes, and where they start from.
    public var appearing: [(after: LayoutAttributes, initial: LayoutAttributes)]
    /// Elements only in the old layout: their attributes, and where they end.
    public var disappearing: [(before: LayoutAttributes, final: LayoutAttributes)]
    /// Elements in both whose attributes (index path included) changed.
    public var moving: [(before: LayoutAttributes, after: LayoutAttributes)]
    /// How far the scroll anchor moved; the bounds moved by as much (clamped to the content).
    public var contentOffsetAdjustment = Point(x: 0, y: 0)
    /// The view's bounds after the update.
    public var bounds = Rect(x: 0, y: 0, width: 0, height: 0)
}

/// Why an update was not applied.
public enum UpdateFailure: Error, Sendable {
    /// The batch is invalid, or the layout rejects a value it brings (nothing was applied).
    case refused(BatchError)
    /// The plugin failed (nothing was applied).
    case failed(ViewSessionError)
}

extension ViewSession {
    /// Takes up batch updates that other views applied to the shared source since this one
    /// last looked: the layout is told of the batch (or, when more than one came, invalidated
    /// for new data) and prepared on next use.
    func catchUpWithSource() throws(ViewSessionError) {
        let (current, version, plan) = sharedSource.snapshot()
        guard version != dataVersion else { return }
        let isOneBatchBehind = version == dataVersion + 1
        source = current
        dataVersion = version
        needsPrepare = true
        try call { () throws(PluginCallError) in
            if isOneBatchBehind, let plan { try layout.prepareForUpdates(plan) } else { try layout.invalidate(.data) }
        }
        if isOneBatchBehind, let plan { movePreferredSizes(by: plan) } else { layoutDidInvalidate(.data) }
    }

    /// Applies `changes` as one batch to the view's data (shared with every view bound to the
    /// same source), tells the layout of the batch and prepares it again, keeps the scroll
    /// anchor in place, and reports what appears, disappears and moves among the elements
    /// intersecting `rect` (default: the bounds): before the batch in the old bounds, after it
    /// in the bounds the anchor moved them to (an explicit `rect` moves with the bounds).
    ///
    /// - Throws: `.refused` for an invalid batch or a value the layout rejects, `.failed`
    ///   when the plugin fails; either way nothing is applied.
    public func update(_ changes: [BatchChange], rect: Rect?) throws(UpdateFailure) -> UpdateResult {
        interactiveMove = nil  // any update ends a drag to reorder
        sharedSource.updating.lock()
        defer { sharedSource.updating.unlock() }
        let anchor: ScrollAnchor?
        do {
            try prepareIfNeeded()
            anchor = try ScrollAnchor.find(in: self)
        } catch {
            throw .failed(error)
        }
        let oldSource = source
        let plan: BatchPlan
        do {
            plan = try BatchPlan(
                changes: changes, sectionCounts: oldSource.data.source.sectionCounts,
                rules: oldSource.data.source.batchRules)
        } catch {
            throw .refused(error)
        }
        let explicitRect = rect, oldBounds = bounds
        let transition: TransitionBuilder
        do {
            try call { () throws(PluginCallError) in try layout.prepareForUpdates(plan) }
            transition = try TransitionBuilder(session: self, plan: plan, rect: explicitRect ?? oldBounds)
        } catch {
            needsPrepare = true
            try? layout.invalidate(.data)
            needsPreferredReplay = true
            throw .failed(error)
        }
        let keptSizes = preferredSizes
        preferredSizesBeforeUpdate = keptSizes
        defer { preferredSizesBeforeUpdate = [:] }
        movePreferredSizes(by: plan)
        let newSource = oldSource.updated(by: plan, allocator: (layout.base as? any DataAllocating)?.dataAllocator)
        do {
            try prepareAfterUpdate(newSource, plan: plan)
        } catch {
            preferredSizes = keptSizes
            needsPreferredReplay = true
            throw error
        }
        source = newSource
        dataVersion = sharedSource.commit(newSource, plan: plan)
        return try failing { () throws(ViewSessionError) in
            var adjustment = Point(x: 0, y: 0)
            if let anchor {
                adjustment = try anchor.adjustment(in: self, now: anchor.element.identity(after: plan))
                try scroll(by: adjustment)
            }
            // The after-state in the bounds the answer returns: the rect moves with them.
            let shift = Point(x: bounds.x - oldBounds.x, y: bounds.y - oldBounds.y)
            let afterRect = explicitRect.map {
                Rect(x: $0.x + shift.x, y: $0.y + shift.y, width: $0.width, height: $0.height)
            }
            var result = try transition.finish(oldData: oldSource.data, in: afterRect ?? bounds, bounds: bounds)
            result.contentOffsetAdjustment = adjustment
            result.bounds = bounds
            return result
        }
    }

    /// Prepares the layout with the updated data; on failure, goes back to the old data
    /// (prepared again on next use) and blames the change that brought the rejected item.
    private func prepareAfterUpdate(_ newSource: LoadedSource, plan: BatchPlan) throws(UpdateFailure) {
        let cancel = cancel
        do throws(PluginCallError) {
            try replayPreferredSizes()
            try cancel.withTimeout(timeout) { () throws(PluginCallError) in
                try layout.prepare(data: newSource.data, bounds: bounds, cancel: cancel, progress: progress)
            }
            needsPrepare = false
        } catch {
            needsPrepare = true
            try? layout.invalidate(.data)
            if case .reported(let layoutError) = error, case .data(let item?, _, _) = layoutError,
                let blamed = Self.change(bringing: item, in: plan)
            {
                throw .refused(BatchError(index: blamed, "the layout rejects it: \(layoutError.description)"))
            }
            throw .failed(Self.locate(error, view: view, source: newSource, file: workspaceFile))
        }
    }

    /// The change that put the item at new position `path` in place, if one did.
    static func change(bringing path: ItemPath, in plan: BatchPlan) -> Int? {
        guard path.section >= 0, path.section < plan.newSectionCounts.count, path.item >= 0,
            path.item < plan.newSectionCounts[path.section]
        else { return nil }
        let global = plan.newSectionStarts[path.section] + path.item
        for (index, change) in plan.changes.enumerated() {
            switch change {
            case .insert(let target, _), .move(_, let target): if target == path { return index }
            case .insertSection(let section, _, _): if section == path.section { return index }
            case .reload(let old, _):
                guard old.section < plan.oldSectionCounts.count else { continue }
                if plan.reloads[plan.oldSectionStarts[old.section] + old.item] == global { return index }
            default: continue
            }
        }
        return nil
    }

    private func failing<T>(_ body: () throws(ViewSessionError) -> T) throws(UpdateFailure) -> T {
        do {
            return try body()
        } catch {
            throw .failed(error)
        }
    }
}
