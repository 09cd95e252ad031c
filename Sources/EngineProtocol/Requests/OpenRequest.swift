import JSON
import JSONRPC
import RequestParams

/// `open {path, watch?}` or `open {text, directory?}` → `{workspace, views}`; a folder's path
/// opens every workspace file in it → `{errors, folder, workspaces}`. With `watch: true` the
/// files are watched: an edit reloads the workspace and sends `workspace/didChange`.
public struct OpenRequest: EngineRequest {
    /// Where the workspace comes from.
    public enum Source: Sendable {
        /// A workspace file, or a folder of them.
        case path(String)
        /// A workspace's text; its data files are found in `directory` (default: the current one).
        case text(String, directory: String?)
    }

    public typealias Response = OpenResponse
    public static let method = "open"
    public var source: Source
    public var watch: Bool

    public init(_ source: Source, watch: Bool = false) {
        self.source = source
        self.watch = watch
    }

    public init(json params: JSONValue) throws(RPCError) {
        let params = Params(params)
        if params.has("text") {
            let directory = try params.optionalString("directory")
            source = .text(try params.string("text"), directory: directory)
        } else if params.has("path") {
            source = .path(try params.string("path"))
        } else {
            throw RPCError.invalidParams("params.path or params.text is required")
        }
        watch = params.has("watch") ? try params.bool("watch") : false
    }
}

/// What `open` answers: one workspace, or a folder's.
public enum OpenResponse: EngineResponse {
    case workspace(OpenedWorkspace)
    case folder(OpenedFolder)

    public static let refusesNonFiniteNumbers = false

    public func write(to writer: inout JSONWriter) {
        switch self {
        case .workspace(let workspace): workspace.write(to: &writer)
        case .folder(let folder): folder.write(to: &writer)
        }
    }
}

/// The workspace files of a folder, opened: those that opened and the errors of those that did not.
public struct OpenedFolder: Sendable {
    public var folder: String
    public var workspaces: [OpenedWorkspace]
    public var errors: [LocatedError]

    public init(folder: String, workspaces: [OpenedWorkspace], errors: [LocatedError]) {
        self.folder = folder
        self.workspaces = workspaces
        self.errors = errors
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("errors")
        writer.beginArray()
        for error in errors { error.write(to: &writer) }
        writer.endArray()
        writer.key("folder"); writer.string(folder)
        writer.key("workspaces")
        writer.beginArray()
        for workspace in workspaces { workspace.write(to: &writer) }
        writer.endArray()
        writer.endObject()
    }
}
