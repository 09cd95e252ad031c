import EngineProtocol
import JSONRPC
import Sessions

/// `beginMove`: starts dragging a cell (one move per view at a time).
enum BeginMoveMethod: ViewMethod {
    static let isQuick = true

    static func run(_ request: BeginMoveRequest, session: ViewSession) throws(RPCError) -> BeginMoveResponse {
        BeginMoveResponse(
            item: try rpc { () throws(RequestFailure) in try session.beginMove(request.element, at: request.position) })
    }
}
