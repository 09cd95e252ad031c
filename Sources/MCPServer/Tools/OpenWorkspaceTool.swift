import EngineProtocol
import Foundation
import JSON
import JSONRPC

/// `open_workspace {path | text, directory?}`: opens (or reopens) a workspace and lists its
/// views; a workspace opened from a file is watched, so edits reload it.
enum OpenWorkspaceTool: Tool {
    static let name = "open_workspace"
    static let description = """
        Open a workspace (YAML: data sources bound to views, each a layout with options and a viewport) from a file \
        (path, watched: edits reload it) or from text (with an optional directory for its data files). Returns its views; \
        a broken workspace returns the error located as file:line:column with the source line.
        """
    static let properties: JSONValue = [
        "path": ["type": "string", "description": "The workspace file (relative paths from the server's folder)."],
        "text": ["type": "string", "description": "The workspace's YAML text, instead of a path."],
        "directory": ["type": "string", "description": "With text: the folder its data files are found in."],
    ]
    static let outputSchema = Schema.object(
        [
            "workspace": ["type": "string"],
            "views": [
                "type": "array",
                "items": Schema.object(
                    [
                        "id": ["type": "string"], "name": ["type": "string"], "layout": ["type": "string"],
                        "source": ["type": "string"], "viewport": Schema.size,
                    ], required: ["id", "name", "layout", "source", "viewport"]),
            ],
        ], required: ["workspace", "views"])

    static func run(_ arguments: Arguments, _ call: ToolCall) throws(ToolError) -> ToolResult {
        let request: OpenRequest
        switch (arguments.has("path"), arguments.has("text")) {
        case (true, false):
            guard !arguments.has("directory") else {
                throw ToolError("invalid arguments: arguments.directory goes with text, not path")
            }
            let path = try arguments.string("path")
            request = OpenRequest(.path(URL(fileURLWithPath: path).standardizedFileURL.path), watch: true)
        case (false, true):
            let directory = try arguments.optionalString("directory").map {
                URL(fileURLWithPath: $0).standardizedFileURL.path
            }
            request = OpenRequest(
                .text(try arguments.string("text"), directory: directory ?? FileManager.default.currentDirectoryPath))
        default:
            throw ToolError("invalid arguments: give exactly one of arguments.path and arguments.text")
        }
        let answer = try call.engine(request)
        let opened = try ToolError.rethrowing { () throws(RPCError) in try answer.jsonValue() }
        // A folder's path opens its workspaces, each listed in the answer; the summary tells of one.
        let workspace: OpenedWorkspace? = if case .workspace(let workspace) = answer { workspace } else { nil }
        let views = workspace?.views ?? []
        call.server.notify("notifications/resources/list_changed", [:])
        let names = views.map { "\($0.id) (\($0.layout))" }
        let summary =
            "Opened workspace '\(workspace?.workspace ?? "?")' with \(views.count) view(s): \(names.joined(separator: ", "))."
        return ToolResult(structured: opened, summary: summary)
    }
}
