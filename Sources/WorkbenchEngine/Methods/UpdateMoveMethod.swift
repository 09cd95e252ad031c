import EngineProtocol
import JSONRPC
import Sessions

/// `updateMove`: the dragged item at the new position, where it would land, and how the cells
/// in the view's bounds make room since the previous step.
enum UpdateMoveMethod: ViewMethod {
    static let isQuick = true

    static func run(_ request: UpdateMoveRequest, session: ViewSession) throws(RPCError) -> UpdateMoveResponse {
        let step = try rpc { () throws(RequestFailure) in try session.updateMove(to: request.position) }
        return UpdateMoveResponse(item: step.item, target: step.target, changes: ElementChanges(step.changes))
    }
}
