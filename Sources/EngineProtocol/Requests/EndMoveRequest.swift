import JSON
import JSONRPC
import RequestParams

/// `endMove {view, commit}` → `update`'s answer: `commit: true` applies the move as `update`
/// would; `commit: false` answers how the cells go back (no `bounds`, no adjustment).
public struct EndMoveRequest: ViewRequest {
    public typealias Response = UpdateResponse
    public static let method = "endMove"
    public var view: String
    public var commit: Bool

    public init(view: String, commit: Bool) {
        self.view = view
        self.commit = commit
    }

    public init(json params: JSONValue) throws(RPCError) {
        let params = Params(params)
        view = try params.string("view")
        commit = try params.bool("commit")
    }
}
