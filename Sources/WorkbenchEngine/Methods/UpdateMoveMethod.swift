import JSON
import JSONOutput
import JSONRPC
import RequestParams
import Sessions

/// `updateMove {view, position}` → `{item, target: [section, item], appearing, disappearing,
/// moving}`: the dragged item at the new position, where it would land, and how the cells in
/// the view's bounds make room since the previous step (`update`'s lists).
enum UpdateMoveMethod: ViewMethod {
    static let name = "updateMove"

    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8] {
        let position = try params.point("position")
        let step = try rpc { () throws(RequestFailure) in try session.updateMove(to: position) }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("item"); writer.attributes(step.item)
        writer.key("target")
        writer.beginArray()
        writer.integer(step.target.section)
        writer.integer(step.target.item)
        writer.endArray()
        writer.updateFields(step.changes, contentSize: false)
        writer.endObject()
        return writer.bytes
    }
}
