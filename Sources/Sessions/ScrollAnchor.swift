import BatchUpdates
import LayoutKit
import PluginHost

/// Scroll anchoring (CSS `overflow-anchor`, UIKit's `contentOffsetAdjustment`): the element
/// the reader is looking at, and where it was, so that a change above it does not move it.
///
/// The anchor is the first cell in canonical order whose frame intersects the bounds, else
/// the first supplementary view that does, else none.
public struct ScrollAnchor: Sendable {
    public let element: ElementID
    public let origin: Point

    /// The view's anchor now, preparing first if needed; nil when nothing qualifies. One
    /// rect query of the bounds.
    static func find(in session: ViewSession) throws(ViewSessionError) -> ScrollAnchor? {
        try session.withElementRecords(in: session.bounds) { records -> ScrollAnchor? in
            for index in 0..<records.count where records[index].category != .decoration {
                return ScrollAnchor(element: records.element(at: index), origin: records[index].frame.origin)
            }
            return nil
        }
    }

    /// How far the anchor moved: its origin now (as `element`, its identity after the change)
    /// less its origin before; zero when it disappeared.
    func adjustment(in session: ViewSession, now element: ElementID?) throws(ViewSessionError) -> Point {
        guard let element, let frame = try session.attributes(for: element)?.frame else { return Point(x: 0, y: 0) }
        return Point(x: frame.x - origin.x, y: frame.y - origin.y)
    }
}

extension ViewSession {
    /// The view's anchor now, if it is prepared (a view never prepared shows nothing to keep).
    public func currentAnchor() -> ScrollAnchor? {
        guard !needsPrepare else { return nil }
        return try? ScrollAnchor.find(in: self)
    }

    /// Keeps `anchor` (taken in an earlier state of the view, e.g. before its workspace's text
    /// changed) in place: prepares, scrolls by how far the element moved.
    ///
    /// - Returns: the adjustment; zero when the element is gone.
    public func keep(_ anchor: ScrollAnchor) throws(ViewSessionError) -> Point {
        let adjustment = try anchor.adjustment(in: self, now: anchor.element)
        try scroll(by: adjustment)
        return adjustment
    }

    /// Moves the bounds by `adjustment`, clamped to the content (a scroll view cannot scroll
    /// past it), so the next query of the bounds shows the anchor where it was. Nothing moves
    /// for a zero adjustment.
    func scroll(by adjustment: Point) throws(ViewSessionError) {
        guard adjustment.x != 0 || adjustment.y != 0 else { return }
        let content = try contentSize()
        func clamped(_ value: Double, _ content: Double, _ viewport: Double) -> Double {
            min(max(value, 0), max(0, content - viewport))
        }
        try setBounds(
            Rect(
                x: clamped(bounds.x + adjustment.x, content.width, bounds.width),
                y: clamped(bounds.y + adjustment.y, content.height, bounds.height),
                width: bounds.width, height: bounds.height))
    }

    /// Runs `change`, then keeps the anchor in place: finds it before, follows it to its
    /// identity after (`identity`, nil when it disappeared), scrolls by how far it moved.
    ///
    /// - Returns: `change`'s result and the adjustment (zero without an anchor).
    func keepingAnchor<T, E: Error>(
        identity: (ElementID) -> ElementID? = { $0 }, _ change: () throws(E) -> T,
        failure: (ViewSessionError) -> E
    ) throws(E) -> (T, Point) {
        let anchor: ScrollAnchor?
        do { anchor = try ScrollAnchor.find(in: self) } catch { throw failure(error) }
        let result = try change()
        guard let anchor else { return (result, Point(x: 0, y: 0)) }
        do {
            let adjustment = try anchor.adjustment(in: self, now: identity(anchor.element))
            try scroll(by: adjustment)
            return (result, adjustment)
        } catch {
            throw failure(error)
        }
    }
}

extension ElementID {
    /// This element's identity after a batch update: a cell's new index path, another view's
    /// new section; nil when it was deleted or reloaded (it disappeared).
    func identity(after plan: BatchPlan) -> ElementID? {
        var after = self
        if category == .cell {
            guard let path = plan.newPath(ofOld: path) else { return nil }
            after.path = path
        } else {
            guard let section = plan.newSection(ofOld: path.section) else { return nil }
            after.path.section = section
        }
        return after
    }
}
