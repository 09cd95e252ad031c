import EngineProtocol
import JSONRPC
import LayoutKit
import Sessions
import WorkspaceModel

/// `invalidate`: with a direction, the view turns to it (a full invalidation); with bounds,
/// the view's bounds become these (a scroll or a resize; each side of their size from 1 to
/// 10,000 points, `ViewDefinition.frameSizes`) and the layout is invalidated only if it says
/// so; with neither, the whole layout is invalidated and will be prepared again.
enum InvalidateMethod: ViewMethod {
    static let isQuick = true

    static func run(_ request: InvalidateRequest, session: ViewSession) throws(RPCError) -> InvalidateResponse {
        var invalidated = false
        if let bounds = request.bounds {
            let sizes = ViewDefinition.frameSizes
            for (side, value) in [("width", bounds.width), ("height", bounds.height)] where !sizes.contains(value) {
                throw .invalidParams(
                    "bounds.\(side): a frame's \(side) is from \(Int(sizes.lowerBound)) to \(Int(sizes.upperBound)) points, got \(value.compactDescription)"
                )
            }
        }
        if let direction = request.direction {
            try rpc { () throws(ViewSessionError) in try session.setDirection(direction) }
            invalidated = true
        }
        if let bounds = request.bounds {
            let changed = try rpc { () throws(ViewSessionError) in try session.setBounds(bounds) }
            invalidated = invalidated || changed
        } else if request.direction == nil {
            try rpc { () throws(ViewSessionError) in try session.invalidate() }
            invalidated = true
        }
        return InvalidateResponse(invalidated: invalidated)
    }
}
