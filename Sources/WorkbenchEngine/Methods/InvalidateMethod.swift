import JSON
import JSONOutput
import JSONRPC
import RequestParams
import Sessions

/// `invalidate {view, bounds?, direction?}` → `{invalidated}`. With `direction`, the view
/// turns to it (a full invalidation). With `bounds`, the view's bounds become these (a scroll
/// or a resize) and the layout is invalidated only if it says so. With neither, the whole
/// layout is invalidated and will be prepared again.
enum InvalidateMethod: ViewMethod {
    static let name = "invalidate"

    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8] {
        var invalidated = false
        let direction = params.has("direction") ? try params.direction("direction") : nil
        let bounds = params.has("bounds") ? try params.rect("bounds") : nil
        if let direction {
            try rpc { () throws(ViewSessionError) in try session.setDirection(direction) }
            invalidated = true
        }
        if let bounds {
            let changed = try rpc { () throws(ViewSessionError) in try session.setBounds(bounds) }
            invalidated = invalidated || changed
        } else if direction == nil {
            try rpc { () throws(ViewSessionError) in try session.invalidate() }
            invalidated = true
        }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("invalidated"); writer.bool(invalidated)
        writer.endObject()
        return writer.bytes
    }
}
