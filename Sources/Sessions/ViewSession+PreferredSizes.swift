import BatchUpdates
import LayoutKit
import PluginHost

/// What `setPreferredSizes` did.
public struct PreferredSizesResult: Sendable {
    /// The first `invalidatedLimit` elements whose frames changed (or that appeared or
    /// disappeared), in canonical order.
    public var invalidated: [ElementID]
    /// How many elements' frames changed in all.
    public var invalidatedCount: Int
    public var contentSize: Size
    /// How far the anchor moved; the bounds moved by as much (clamped to the content).
    public var contentOffsetAdjustment: Point
    /// The view's bounds now.
    public var bounds: Rect
    /// Per size given, what the layout made of it; nil when it ignored it.
    public var answers: [PreferredSizeAnswer?]

    /// The most elements `invalidated` lists.
    public static let invalidatedLimit = 1000
}

/// Why preferred sizes were not taken.
public enum PreferredSizesFailure: Error, Sendable {
    /// `sizes[index]` names an element the view does not have (nothing was applied).
    case unknownElement(index: Int, ElementID)
    /// The plugin failed.
    case failed(ViewSessionError)
}

extension ViewSession {
    /// Tells the layout the sizes elements measured for themselves (self-sizing cells), lays
    /// it out again once for all of them, and keeps the anchor in place. The sizes the layout
    /// takes stay with the view (moved by batch updates, dropped with new data or when
    /// everything is invalidated, e.g. by a width change the layout invalidates everything for).
    /// Beside the layout's own work: O(1) when it says what moved (ABI 2.1's `changed_elements`),
    /// else O(n) to compare every frame before and after.
    ///
    /// - Throws: `.unknownElement` for an element the view does not have, `.failed` when the plugin fails.
    public func setPreferredSizes(_ sizes: [PreferredSize]) throws(PreferredSizesFailure) -> PreferredSizesResult {
        let unknown: Int?
        do throws(ViewSessionError) {
            try prepareIfNeeded()
            let counts = source.data.source.sectionCounts
            var first: Int?
            for (index, preferred) in sizes.enumerated() where try !exists(preferred.element, counts: counts) {
                first = index
                break
            }
            unknown = first
        } catch {
            throw .failed(error)
        }
        if let unknown { throw .unknownElement(index: unknown, sizes[unknown].element) }
        let ((answers, changed), adjustment) = try keepingAnchor(
            { () throws(PreferredSizesFailure) in
                do throws(ViewSessionError) {
                    if reportsChanges == nil {
                        reportsChanges =
                            try call { () throws(PluginCallError) in try layout.changedElements(limit: 0) } != nil
                    }
                    let before = reportsChanges == true ? nil : try FrameSnapshot(self)
                    let answers = try call { () throws(PluginCallError) in try layout.preferredAttributes(sizes) }
                    for (preferred, answer) in zip(sizes, answers) where answer != nil {
                        preferredSizes[preferred.element] = preferred.size
                    }
                    guard answers.contains(where: { $0 != nil }) else {
                        return (answers, (first: [ElementID](), count: 0))
                    }
                    needsPrepare = true
                    try prepareIfNeeded()
                    return (answers, try changes(since: before))
                } catch {
                    throw .failed(error)
                }
            }, failure: PreferredSizesFailure.failed)
        do throws(ViewSessionError) {
            return PreferredSizesResult(
                invalidated: changed.first, invalidatedCount: changed.count, contentSize: try contentSize(),
                contentOffsetAdjustment: adjustment, bounds: bounds, answers: answers)
        } catch {
            throw .failed(error)
        }
    }

    /// What the prepare after preferred sizes moved: as the layout says, or by comparing
    /// every frame with `before`; all elements when a layout that says cannot this time.
    private func changes(since before: FrameSnapshot?) throws(ViewSessionError) -> (first: [ElementID], count: Int) {
        let limit = PreferredSizesResult.invalidatedLimit
        if before == nil,
            let reported = try call({ () throws(PluginCallError) in try layout.changedElements(limit: limit) })
        {
            return reported
        }
        return try FrameSnapshot(self).changes(since: before ?? FrameSnapshot(), limit: limit)
    }

    /// Whether the view has `element`: cells by the data, other views by asking the layout.
    private func exists(_ element: ElementID, counts: [Int]) throws(ViewSessionError) -> Bool {
        let path = element.path
        guard element.category == .cell else { return try attributes(for: element) != nil }
        return path.section >= 0 && path.section < counts.count && path.item >= 0 && path.item < counts[path.section]
    }

    /// Starts a new session of the view with the sizes an earlier one kept (its plugin was
    /// reloaded): the layout is told them before its first prepare.
    public func restorePreferredSizes(_ sizes: [ElementID: Size]) {
        guard !sizes.isEmpty else { return }
        preferredSizes.merge(sizes) { _, kept in kept }
        needsPreferredReplay = true
    }

    /// The layout made stale what `invalidation` says: with new data or everything, it
    /// dropped the preferred sizes, and so does the view.
    func layoutDidInvalidate(_ invalidation: Invalidation) {
        guard !invalidation.isDisjoint(with: [.data, .everything]) else { return }
        preferredSizes = [:]
        needsPreferredReplay = false
    }

    /// Carries the preferred sizes through a batch update: a moved item keeps its own, a
    /// deleted or reloaded one loses it; views of a section go with it. The layout is told them again.
    func movePreferredSizes(by plan: BatchPlan) {
        guard !preferredSizes.isEmpty else { return }
        var moved: [ElementID: Size] = [:]
        for (element, size) in preferredSizes {
            if let target = element.identity(after: plan) { moved[target] = size }
        }
        preferredSizes = moved
        needsPreferredReplay = true
    }

    /// Tells the layout the view's preferred sizes again if it dropped them.
    func replayPreferredSizesIfNeeded() throws(ViewSessionError) {
        guard needsPreferredReplay else { return }
        try call { () throws(PluginCallError) in try replayPreferredSizes() }
    }

    /// Tells the layout the view's preferred sizes again (in canonical order); its answers
    /// were given before.
    func replayPreferredSizes() throws(PluginCallError) {
        needsPreferredReplay = false
        guard !preferredSizes.isEmpty else { return }
        _ = try layout.preferredAttributes(
            preferredSizes.sorted { $0.key < $1.key }.map { PreferredSize(element: $0.key, size: $0.value) })
    }
}
