import JSON
import JSONOutput
import JSONRPC
import LayoutKit
import RequestParams

/// `updateMove {view, position}` → `{appearing, disappearing, item, moving, target: [section,
/// item]}`: the dragged item at the new position, where it would land, and how the cells in
/// the bounds make room since the previous step.
public struct UpdateMoveRequest: ViewRequest {
    public typealias Response = UpdateMoveResponse
    public static let method = "updateMove"
    public var view: String
    public var position: Point

    public init(view: String, position: Point) {
        self.view = view
        self.position = position
    }

    public init(json params: JSONValue) throws(RPCError) {
        let params = Params(params)
        view = try params.string("view")
        position = try params.point("position")
    }
}

/// What one step of a move answers.
public struct UpdateMoveResponse: EngineResponse {
    public static let refusesNonFiniteNumbers = false
    public var item: LayoutAttributes
    public var target: ItemPath
    public var changes: ElementChanges

    public init(item: LayoutAttributes, target: ItemPath, changes: ElementChanges) {
        self.item = item
        self.target = target
        self.changes = changes
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("item"); writer.attributes(item)
        writer.key("target")
        writer.beginArray()
        writer.integer(target.section)
        writer.integer(target.item)
        writer.endArray()
        changes.writeFields(to: &writer, contentSize: nil)
        writer.endObject()
    }
}
