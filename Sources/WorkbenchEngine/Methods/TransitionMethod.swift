import JSON
import JSONOutput
import JSONRPC
import LayoutKit
import RequestParams
import Sessions

/// `transition {view, layout, options?}` → `{appearing, contentOffset, contentSize, data?,
/// disappearing, moving}`: switches the view to another layout (or other options) for the
/// session, in `update`'s shape — before: the old layout in the old bounds; after: the new
/// layout in the new bounds, whose origin keeps the first visible cell in place on screen
/// (or is where the new layout's `target_content_offset_for_proposed` puts it). Without
/// `options`: the view's own for the same layout, the layout's defaults for another. `data`,
/// for a switch to another layout: what it did with the view's data (`TransitionDataNote`).
enum TransitionMethod: ViewMethod {
    static let name = "transition"
    static let isQuick = false

    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8] {
        let layout = try params.string("layout")
        var options: [String: Value]?
        if params.has("options") {
            guard case .object(let members)? = params.value["options"] else {
                throw .invalidParams(
                    "params.options: expected an object, got \(params.value["options"]?.kindDescription ?? "nothing")")
            }
            options = Dictionary(
                members.map { ($0.key, Params.dataValue($0.value)) }, uniquingKeysWith: { _, last in last })
        }
        let result = try rpc { () throws(RequestFailure) in try session.transition(to: layout, options: options) }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("contentOffset"); writer.point(result.contentOffset)
        if let note = result.data {
            writer.key("data")
            writer.beginObject()
            writer.key("from"); writer.string(note.from)
            writer.key("items"); writer.integer(note.items)
            writer.key("message"); writer.string(note.message)
            writer.key("sections"); writer.integer(note.sections)
            writer.key("to"); writer.string(note.to)
            writer.endObject()
        }
        writer.updateFields(result.changes)
        writer.endObject()
        return writer.bytes
    }
}
