import JSON

/// `workspaces` → `[{dataFiles, file, text, views, workspace}…]`: the open workspaces by name,
/// each as last loaded (after its latest watched edit) — what a client shows of their files
/// (`workbench mcp`'s resources).
public struct WorkspacesRequest: EngineRequest {
    public typealias Response = WorkspacesResponse
    public static let method = "workspaces"

    public init() {}

    public init(json params: JSONValue) {}
}

/// What `workspaces` answers: the open workspaces, by name.
public struct WorkspacesResponse: EngineResponse {
    public static let refusesNonFiniteNumbers = false
    public var workspaces: [WorkspaceListing]

    public init(workspaces: [WorkspaceListing]) { self.workspaces = workspaces }

    public func write(to writer: inout JSONWriter) {
        writer.beginArray()
        for workspace in workspaces { workspace.write(to: &writer) }
        writer.endArray()
    }
}
