import JSONOutput
import JSONRPC
import Sessions

/// `invalidate {view, bounds?}` → `{invalidated}`. With `bounds`, the view's bounds become
/// these (a scroll or a resize) and the layout is invalidated only if it says so; without,
/// the whole layout is invalidated and will be prepared again.
enum InvalidateMethod: ViewMethod {
    static let name = "invalidate"

    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8] {
        let invalidated: Bool
        if params.has("bounds") {
            let bounds = try params.rect("bounds")
            invalidated = try rpc { () throws(WorkbenchError) in try session.setBounds(bounds) }
        } else {
            try rpc { () throws(WorkbenchError) in try session.invalidate() }
            invalidated = true
        }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("invalidated"); writer.bool(invalidated)
        writer.endObject()
        return writer.bytes
    }
}
