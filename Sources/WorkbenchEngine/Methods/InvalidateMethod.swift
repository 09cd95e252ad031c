import EngineProtocol
import JSONRPC
import Sessions

/// `invalidate`: with a direction, the view turns to it (a full invalidation); with bounds,
/// the view's bounds become these (a scroll or a resize) and the layout is invalidated only if
/// it says so; with neither, the whole layout is invalidated and will be prepared again.
enum InvalidateMethod: ViewMethod {
    static let isQuick = true

    static func run(_ request: InvalidateRequest, session: ViewSession) throws(RPCError) -> InvalidateResponse {
        var invalidated = false
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
