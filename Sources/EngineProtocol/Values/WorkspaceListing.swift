import JSON

/// One open workspace as `workspaces` tells it: `{dataFiles, file, text, views, workspace}`.
public struct WorkspaceListing: Sendable {
    public var workspace: String
    /// The workspace file's path; `<text>` for a workspace opened from text.
    public var file: String
    /// The text the workspace was loaded from (after its latest watched edit).
    public var text: String
    /// The other files its data was read from, by path.
    public var dataFiles: [String]
    /// Its views, as `open` lists them.
    public var views: [OpenedWorkspace.View]

    public init(workspace: String, file: String, text: String, dataFiles: [String], views: [OpenedWorkspace.View]) {
        self.workspace = workspace
        self.file = file
        self.text = text
        self.dataFiles = dataFiles
        self.views = views
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("dataFiles"); writer.strings(dataFiles)
        writer.key("file"); writer.string(file)
        writer.key("text"); writer.string(text)
        writer.key("views"); writer.views(views)
        writer.key("workspace"); writer.string(workspace)
        writer.endObject()
    }
}
