import JSON
import JSONOutput
import JSONRPC
import RequestParams
import Sessions

/// `endMove {view, commit}` → `update`'s answer. `commit: true` applies the move as
/// `update {changes: [{move: from, to: target}]}` and answers exactly as that would;
/// `commit: false` leaves the layout as it was and answers how the cells go back from the
/// last step's places.
enum EndMoveMethod: ViewMethod {
    static let name = "endMove"
    static let isQuick = false

    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8] {
        let commit = try params.bool("commit")
        let result = try rpc { () throws(RequestFailure) in try session.endMove(commit: commit) }
        var writer = JSONWriter()
        writer.beginObject()
        writer.updateFields(result, anchoring: commit)
        writer.endObject()
        return writer.bytes
    }
}
