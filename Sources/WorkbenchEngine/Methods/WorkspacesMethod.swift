import EngineProtocol
import JSONRPC

/// `workspaces`: the open workspaces by name, each as last loaded, with its views as `open`
/// lists them.
enum WorkspacesMethod: ControlMethod {
    static func run(_ request: WorkspacesRequest, engine: Engine) -> WorkspacesResponse {
        let listings = engine.state.documentsByName.sorted(by: { $0.key < $1.key }).map { name, workspace in
            let file = workspace.file.path
            return WorkspaceListing(
                workspace: name, file: file, text: workspace.file.text,
                dataFiles: Set(workspace.sources.values.map(\.file.path)).subtracting([file]).sorted(),
                views: engine.state.workspace(name).map { OpenedWorkspace(name, $0.entries).views } ?? [])
        }
        return WorkspacesResponse(workspaces: listings)
    }
}
