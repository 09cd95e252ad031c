import EngineProtocol
import JSONRPC
import Sessions

/// `endMove`: `commit: true` applies the move as `update {changes: [{move: from, to: target}]}`
/// and answers exactly as that would; `commit: false` leaves the layout as it was and answers
/// how the cells go back from the last step's places.
enum EndMoveMethod: ViewMethod {
    static let isQuick = false

    static func run(_ request: EndMoveRequest, session: ViewSession) throws(RPCError) -> UpdateResponse {
        let result = try rpc { () throws(RequestFailure) in try session.endMove(commit: request.commit) }
        return UpdateResponse(result, isAnchored: request.commit)
    }
}
