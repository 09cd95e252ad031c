import JSON
import JSONOutput
import LayoutKit

/// How the elements in a rect change (`update`, the moves, `transition`): each list in
/// canonical order of the new identity (disappearing: the old one).
public struct ElementChanges: Sendable {
    /// Elements only after: their attributes, and where they start from.
    public var appearing: [(after: LayoutAttributes, initial: LayoutAttributes)]
    /// Elements only before: their attributes, and where they end.
    public var disappearing: [(before: LayoutAttributes, final: LayoutAttributes)]
    /// Elements in both whose attributes changed.
    public var moving: [(before: LayoutAttributes, after: LayoutAttributes)]

    public init(
        appearing: [(after: LayoutAttributes, initial: LayoutAttributes)],
        disappearing: [(before: LayoutAttributes, final: LayoutAttributes)],
        moving: [(before: LayoutAttributes, after: LayoutAttributes)]
    ) {
        self.appearing = appearing
        self.disappearing = disappearing
        self.moving = moving
    }

    /// `appearing`, `bounds`?, `contentOffsetAdjustment`?, `contentSize`?, `disappearing`,
    /// `moving`, in an open object (keys sorted; the answer adds its own around them).
    func writeFields(to writer: inout JSONWriter, contentSize: Size?, anchoring: ScrollAnchoring? = nil) {
        writer.key("appearing")
        writer.pairs(appearing.map { ($0.after, $0.initial) }, keys: ("after", "initial"))
        if let anchoring {
            writer.key("bounds"); writer.rect(anchoring.bounds)
            writer.key("contentOffsetAdjustment"); writer.point(anchoring.contentOffsetAdjustment)
        }
        if let contentSize { writer.key("contentSize"); writer.size(contentSize) }
        writer.key("disappearing")
        writer.pairs(disappearing.map { ($0.before, $0.final) }, keys: ("before", "final"))
        writer.key("moving")
        writer.pairs(moving.map { ($0.after, $0.before) }, keys: ("after", "before"))
    }
}

/// Where a change left the view's bounds: moved by the adjustment that keeps its scroll anchor in place.
public struct ScrollAnchoring: Sendable {
    public var bounds: Rect
    public var contentOffsetAdjustment: Point

    public init(bounds: Rect, contentOffsetAdjustment: Point) {
        self.bounds = bounds
        self.contentOffsetAdjustment = contentOffsetAdjustment
    }
}

extension JSONWriter {
    /// `[{first: attributes, second: attributes}…]`, keys in the order given (sorted).
    fileprivate mutating func pairs(_ pairs: [(LayoutAttributes, LayoutAttributes)], keys: (String, String)) {
        beginArray()
        for (first, second) in pairs {
            beginObject()
            key(keys.0); attributes(first)
            key(keys.1); attributes(second)
            endObject()
        }
        endArray()
    }
}
