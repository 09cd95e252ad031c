import LayoutKit
import Sessions

extension Engine {
    /// The scroll anchors of `entries`' prepared sessions, by view name. Call from control
    /// work once the view work before it is done (`waitForEarlierViewWork`): the views are idle
    /// then, as view work read later waits for the control work.
    func anchors(of entries: [ViewEntry]) -> [String: ScrollAnchor] {
        var anchors: [String: ScrollAnchor] = [:]
        for entry in entries {
            if let anchor = entry.currentAnchor() { anchors[entry.view.name] = anchor }
        }
        return anchors
    }

    /// Keeps each changed view's anchor in place after its workspace's text changed: the new
    /// session is prepared at once (from the same control work, the views idle: see `anchors`)
    /// and scrolled by how far the anchor moved.
    /// A view whose layout fails keeps its bounds (its next request reports the failure).
    ///
    /// - Returns: the adjustment of every view that had an anchor, by id.
    func keepAnchors(_ anchors: [String: ScrollAnchor], in entries: [ViewEntry], changed: [String]) -> [String: Point] {
        var adjustments: [String: Point] = [:]
        let changed = Set(changed)
        for entry in entries {
            guard let anchor = anchors[entry.view.name] else { continue }
            guard changed.contains(entry.id) else {
                adjustments[entry.id] = Point(x: 0, y: 0)
                continue
            }
            let adjustment = { () -> Point? in
                guard let session = try? entry.session(plugins: plugins, timeout: timeout, log: log) else { return nil }
                defer {
                    let isPrepared = entry.sessionIsPrepared, bounds = session.bounds
                    state.withLock {
                        entry.isPrepared = isPrepared
                        entry.bounds = bounds
                    }
                }
                return try? session.keep(anchor)
            }()
            if let adjustment { adjustments[entry.id] = adjustment }
        }
        return adjustments
    }
}

extension ViewEntry {
    /// The session's scroll anchor, if it is prepared. Call from the view's work only.
    func currentAnchor() -> ScrollAnchor? { sessionIfMade?.currentAnchor() }
}
