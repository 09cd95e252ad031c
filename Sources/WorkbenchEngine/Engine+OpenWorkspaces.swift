import WorkspaceModel

extension Engine {
    /// Every open workspace as last loaded (after its latest watched edit), by name: for
    /// transports that show the workspaces' files (MCP resources) or check their views.
    public var openWorkspaces: [String: Workspace] { state.documentsByName }
}
