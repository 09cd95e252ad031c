import LayoutKit

/// The layout contract, one rule per case: what `ContractChecker` verifies.
///
/// The raw values are the names `workbench check` prints.
public enum Invariant: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Every rect query returns exactly the brute-force filter of all elements: the elements
    /// whose frames intersect the rect (`f.minX < r.maxX && r.minX < f.maxX`, same for y).
    case rectQuery = "rect-query"
    /// Answers come in canonical order (cells, supplementary, decoration; each by kind,
    /// section, item), without duplicates, with finite numbers and sizes ≥ 0.
    case wellFormed = "well-formed"
    /// `attributes(for:)` equals what the queries return, and is nil for elements not in the layout.
    case elementQuery = "element-query"
    /// Every frame lies inside the content rect `(0, 0, contentSize)`.
    case insideContent = "inside-content"
    /// A second layout made and prepared from the same inputs answers the same.
    case deterministic = "deterministic"
    /// After a scroll or a resize, whatever `shouldInvalidate(forBoundsChange:)` said, the
    /// layout answers as a fresh layout prepared at the new bounds.
    case boundsChange = "bounds-change"
    /// `targetContentOffset` is finite, and within `[0, content − bounds]` on each axis where
    /// the content is larger than the bounds.
    case targetOffset = "target-offset"
    /// Initial (appearing) and final (disappearing) attributes exist for every element and
    /// are finite.
    case transitions = "transitions"
    /// A preferred size the layout takes is the element's frame size once it is prepared
    /// again; a layout that ignores every preferred size keeps its frames.
    case preferredSize = "preferred-size"
    /// The host keeps the scroll anchor in place: after a change, the first cell that
    /// intersected the bounds is where it was in the moved bounds (unless they hit the content's edge).
    case anchoring = "anchoring"
    /// For a plugin the host mirrors in right-to-left views: every right-to-left answer
    /// (queries, element lookups, target offsets) equals the left-to-right answer to the
    /// mirrored question, mirrored, at several scroll offsets (`ContractChecker.checkMirror`).
    case mirror = "mirror"

    public var description: String { rawValue }
}

/// One broken rule: which, about which element (if one), and what was seen.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
    public var invariant: Invariant
    /// The element concerned, or nil when the violation is about the layout as a whole.
    public var element: ElementID?
    public var detail: String

    public init(_ invariant: Invariant, _ element: ElementID?, _ detail: String) {
        self.invariant = invariant
        self.element = element
        self.detail = detail
    }

    /// `<invariant>: <element>: <detail>`, with `layout` standing for no element.
    public var description: String {
        "\(invariant): \(element?.description ?? "layout"): \(detail)"
    }
}
