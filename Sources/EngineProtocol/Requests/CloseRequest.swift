import JSON
import JSONRPC
import RequestParams

/// `close {workspace}` → `null`. Other workspaces are untouched.
public struct CloseRequest: EngineRequest {
    public typealias Response = NullResponse
    public static let method = "close"
    public var workspace: String

    public init(workspace: String) { self.workspace = workspace }

    public init(json params: JSONValue) throws(RPCError) {
        workspace = try Params(params).string("workspace")
    }
}
