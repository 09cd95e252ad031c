import EngineProtocol
import Foundation
import JSON
import LayoutKit
import WorkbenchEngine
import WorkspaceModel

extension MCPSession {
    /// The open view `id` ("workspace/view"): its workspace and definition.
    func openView(_ id: String) throws(ToolError) -> (workspace: Workspace, view: ViewDefinition) {
        let workspaces = client.engine.openWorkspaces
        for (name, workspace) in workspaces where id.hasPrefix(name + "/") {
            if let view = workspace.view(named: String(id.dropFirst(name.count + 1))) { return (workspace, view) }
        }
        let open = workspaces.values.flatMap { workspace in workspace.views.map { "\(workspace.name)/\($0.name)" } }
            .sorted()
        throw ToolError(
            "no open view '\(id)'"
                + (open.isEmpty
                    ? " (no workspace is open: call open_workspace first)"
                    : "; open views: \(open.joined(separator: ", "))"))
    }

    /// The view's bounds: as `layout_view {bounds}` last set them, else its viewport at the origin.
    func currentBounds(of id: String, view: ViewDefinition) -> Rect {
        withState { $0.bounds[id] } ?? view.bounds
    }
}

extension MCPSession {
    /// Opens workspace files before the client comes (`workbench mcp PATH…`), watched; a
    /// broken one is logged and left out.
    public func open(_ paths: [String]) {
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            if case .failure(let error) = client.send(OpenRequest(.path(absolute), watch: true)) {
                log("workbench mcp: \(ToolError(error).text)")
            }
        }
    }
}
