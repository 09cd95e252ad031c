import EngineProtocol
import JSONRPC
import Sessions

/// `targetContentOffset`: where scrolling should come to rest.
enum TargetContentOffsetMethod: ViewMethod {
    static let isQuick = true

    static func run(_ request: TargetContentOffsetRequest, session: ViewSession) throws(RPCError)
        -> TargetContentOffsetResponse
    {
        let target = try rpc { () throws(ViewSessionError) in
            try session.targetContentOffset(proposed: request.proposed, velocity: request.velocity)
        }
        return TargetContentOffsetResponse(offset: target)
    }
}
