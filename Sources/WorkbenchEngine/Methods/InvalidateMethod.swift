import JSON
import JSONOutput
import JSONRPC
import LayoutKit
import RequestParams
import Sessions
import WorkspaceModel

/// `invalidate {view, bounds?, direction?}` → `{invalidated}`. With `direction`, the view
/// turns to it (a full invalidation). With `bounds`, the view's bounds become these (a scroll
/// or a resize; each side of their size from 1 to 10,000 points, `ViewDefinition.frameSizes`) and
/// the layout is invalidated only if it says so. With neither, the whole
/// layout is invalidated and will be prepared again.
enum InvalidateMethod: ViewMethod {
    static let name = "invalidate"

    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8] {
        var invalidated = false
        let direction = params.has("direction") ? try params.direction("direction") : nil
        let bounds = params.has("bounds") ? try params.rect("bounds") : nil
        if let bounds {
            let sizes = ViewDefinition.frameSizes
            for (side, value) in [("width", bounds.width), ("height", bounds.height)] where !sizes.contains(value) {
                throw .invalidParams(
                    "bounds.\(side): a frame's \(side) is from \(Int(sizes.lowerBound)) to \(Int(sizes.upperBound)) points, got \(value.compactDescription)"
                )
            }
        }
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
