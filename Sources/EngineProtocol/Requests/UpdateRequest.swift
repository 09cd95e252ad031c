import BatchUpdates
import JSON
import JSONRPC
import LayoutKit
import RequestParams

/// `update {view, changes: [change…], rect?}` → `{appearing, bounds, contentOffsetAdjustment,
/// contentSize, disappearing, moving}`: applies the changes as one batch to the view's source
/// and tells what the elements meeting `rect` (default: the bounds) do; an invalid batch is
/// refused whole (-32602 naming `params.changes[k]`).
public struct UpdateRequest: ViewRequest {
    public typealias Response = UpdateResponse
    public static let method = "update"
    public var view: String
    public var changes: [BatchChange]
    public var rect: Rect?

    public init(view: String, changes: [BatchChange], rect: Rect? = nil) {
        self.view = view
        self.changes = changes
        self.rect = rect
    }

    public init(json params: JSONValue) throws(RPCError) {
        let params = Params(params)
        view = try params.string("view")
        changes = try params.changes("changes")
        rect = params.has("rect") ? try params.rect("rect") : nil
    }
}

/// What `update` answers (and `endMove`): how the elements change, the content size, and,
/// when the scroll anchor was kept, the bounds it left.
public struct UpdateResponse: EngineResponse {
    public static let refusesNonFiniteNumbers = false
    public var changes: ElementChanges
    public var contentSize: Size
    /// Nil when the bounds did not move for the anchor (`endMove {commit: false}`).
    public var anchoring: ScrollAnchoring?

    public init(changes: ElementChanges, contentSize: Size, anchoring: ScrollAnchoring?) {
        self.changes = changes
        self.contentSize = contentSize
        self.anchoring = anchoring
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        changes.writeFields(to: &writer, contentSize: contentSize, anchoring: anchoring)
        writer.endObject()
    }
}
