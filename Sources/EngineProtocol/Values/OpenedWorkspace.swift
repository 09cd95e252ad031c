import JSON
import JSONOutput
import LayoutKit

/// An opened (or changed) workspace: its views (`open`, `change`, `workspace/didChange`).
public struct OpenedWorkspace: EngineResponse {
    /// One view of it.
    public struct View: Sendable {
        public var id: String
        public var name: String
        public var layout: String
        public var source: String
        public var viewport: Size
        public var direction: LayoutDirection
        /// How far `change` moved the view's bounds to keep its scroll anchor; nil when not told.
        public var contentOffsetAdjustment: Point?

        public init(
            id: String, name: String, layout: String, source: String, viewport: Size, direction: LayoutDirection,
            contentOffsetAdjustment: Point? = nil
        ) {
            self.id = id
            self.name = name
            self.layout = layout
            self.source = source
            self.viewport = viewport
            self.direction = direction
            self.contentOffsetAdjustment = contentOffsetAdjustment
        }
    }

    public static let refusesNonFiniteNumbers = false
    public var workspace: String
    public var views: [View]
    /// The views added, changed or removed (`change`); nil when not told.
    public var changed: [String]?

    public init(workspace: String, views: [View], changed: [String]? = nil) {
        self.workspace = workspace
        self.views = views
        self.changed = changed
    }

    /// `{changed?, views: [{contentOffsetAdjustment?, direction, id, layout, name, source, viewport}], workspace}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let changed { writer.key("changed"); writer.strings(changed) }
        writer.key("views"); writer.views(views)
        writer.key("workspace"); writer.string(workspace)
        writer.endObject()
    }
}

extension JSONWriter {
    /// `[{contentOffsetAdjustment?, direction, id, layout, name, source, viewport}…]`: a
    /// workspace's views as `open` lists them.
    mutating func views(_ views: [OpenedWorkspace.View]) {
        beginArray()
        for view in views {
            beginObject()
            if let adjustment = view.contentOffsetAdjustment {
                key("contentOffsetAdjustment"); point(adjustment)
            }
            key("direction"); string(view.direction.rawValue)
            key("id"); string(view.id)
            key("layout"); string(view.layout)
            key("name"); string(view.name)
            key("source"); string(view.source)
            key("viewport"); size(view.viewport)
            endObject()
        }
        endArray()
    }
}
