import JSON
import JSONOutput
import LayoutKit

/// `workspace/didChange {closed?, error?, contentOffsetAdjustments?, opened?, views, workspace}`:
/// a watched workspace was loaded again after an edit (or refused it), or a watched folder
/// gained or lost a workspace file.
public struct WorkspaceDidChangeNotification: EngineNotification {
    public static let method = "workspace/didChange"
    public var workspace: String
    /// The views added, changed or removed (a closed workspace's: the views gone).
    public var views: [String]
    /// Why the edit was refused, or why some views fail (their data file is gone or broken).
    public var error: LocatedError?
    /// How far each kept view with a scroll anchor moved, by view id; nil when not told.
    public var contentOffsetAdjustments: [String: Point]?
    /// A workspace a watched folder gained, as `open` answers for it.
    public var opened: OpenedWorkspace?
    /// Whether the workspace was closed (its file left a watched folder).
    public var isClosed: Bool

    public init(
        workspace: String, views: [String], error: LocatedError? = nil,
        contentOffsetAdjustments: [String: Point]? = nil, opened: OpenedWorkspace? = nil, isClosed: Bool = false
    ) {
        self.workspace = workspace
        self.views = views
        self.error = error
        self.contentOffsetAdjustments = contentOffsetAdjustments
        self.opened = opened
        self.isClosed = isClosed
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if isClosed { writer.key("closed"); writer.bool(true) }
        if let error { writer.key("error"); error.write(to: &writer) }
        if let contentOffsetAdjustments {
            writer.key("contentOffsetAdjustments")
            writer.beginObject()
            for (id, adjustment) in contentOffsetAdjustments.sorted(by: { $0.key < $1.key }) {
                writer.key(id); writer.point(adjustment)
            }
            writer.endObject()
        }
        if let opened { writer.key("opened"); opened.write(to: &writer) }
        writer.key("views"); writer.strings(views)
        writer.key("workspace"); writer.string(workspace)
        writer.endObject()
    }
}
