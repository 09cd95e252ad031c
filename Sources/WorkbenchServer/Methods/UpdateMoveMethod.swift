import JSONOutput
import JSONRPC
import Sessions

/// `updateMove {view, position}` → `{appearing, disappearing, item, moving, target: [section,
/// item]}`: the dragged item at the new position, where it would land, and how the cells in
/// the view's bounds make room since the previous step (`update`'s lists).
enum UpdateMoveMethod: ViewMethod {
    static let name = "updateMove"

    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8] {
        let position = try params.point("position")
        let step = try rpc { () throws(MoveFailure) in try session.updateMove(to: position) }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("appearing")
        writer.pairs(step.changes.appearing.map { ($0.after, $0.initial) }, keys: ("after", "initial"))
        writer.key("disappearing")
        writer.pairs(step.changes.disappearing.map { ($0.before, $0.final) }, keys: ("before", "final"))
        writer.key("item"); writer.attributes(step.item)
        writer.key("moving")
        writer.pairs(step.changes.moving.map { ($0.after, $0.before) }, keys: ("after", "before"))
        writer.key("target")
        writer.beginArray()
        writer.number(Double(step.target.section))
        writer.number(Double(step.target.item))
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}
