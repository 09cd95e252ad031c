import JSON
import JSONOutput
import JSONRPC
import RequestParams
import Sessions

/// `beginMove {view, element: {section, item}, position: {x, y}}` → `{item: attributes}`:
/// starts dragging a cell (one move per view at a time); `item` is its size centred at the
/// position, above every other element.
enum BeginMoveMethod: ViewMethod {
    static let name = "beginMove"

    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8] {
        let element = try params.cellPath("element")
        let position = try params.point("position")
        let item = try rpc { () throws(RequestFailure) in try session.beginMove(element, at: position) }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("item"); writer.attributes(item)
        writer.endObject()
        return writer.bytes
    }
}
