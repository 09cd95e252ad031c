import JSON
import JSONRPC
import RequestParams

/// `change {workspace, text}` → `{changed, views, workspace}`: replaces an open workspace's
/// text (an editor's unsaved buffer); views that keep their name, layout and source keep their
/// bounds, moved to keep their scroll anchor in place.
public struct ChangeRequest: EngineRequest {
    public typealias Response = OpenedWorkspace
    public static let method = "change"
    public var workspace: String
    public var text: String

    public init(workspace: String, text: String) {
        self.workspace = workspace
        self.text = text
    }

    public init(json params: JSONValue) throws(RPCError) {
        let params = Params(params)
        workspace = try params.string("workspace")
        text = try params.string("text")
    }
}
