import Foundation
import JSON
import JSONOutput
import JSONRPC
import LayoutKit
import RequestParams
import Sessions
import SourceDiagnostics
import WorkspaceModel

/// `open {path, watch?}` or `open {text, directory?}` → `{workspace, views: [{id, name, layout,
/// source, viewport}]}`. Opening a workspace of a name already open replaces it (an editor
/// reopens a file after each edit). View ids are "workspace/view". With `watch: true` the
/// workspace file and every data file it read are watched: an edit reloads the workspace as
/// `change` does and sends `workspace/didChange`. `open {path: FOLDER, watch?}` opens every
/// workspace file of a folder (`*.yaml`, `*.yml`, by name) and answers `{errors, folder,
/// workspaces: [{views, workspace}…]}`; with `watch: true`, a workspace file added to the folder
/// is opened and one removed is closed, each told by `workspace/didChange {workspace, views}`.
enum OpenMethod: ControlMethod {
    static let name = "open"

    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8] {
        let workspace: Workspace
        do {
            if params.has("text") {
                let directory = try params.optionalString("directory") ?? FileManager.default.currentDirectoryPath
                try engine.openablePaths?.check(directory: directory, field: "params.directory")
                workspace = try engine.loader.load(text: try params.string("text"), directory: directory)
            } else if params.has("path") {
                let path = try params.string("path")
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                    try engine.openablePaths?.check(directory: path, field: "params.path")
                    return try engine.openFolder(path, watch: params.has("watch") && params.bool("watch"))
                }
                try engine.openablePaths?.check(path: path, field: "params.path")
                workspace = try engine.loader.load(path: path)
            } else {
                throw RPCError.invalidParams("params.path or params.text is required")
            }
        } catch let error as RPCError {
            engine.memoryRelease.soon()
            throw error
        } catch let diagnostic as Diagnostic {
            engine.memoryRelease.soon()
            throw RPCError(.init(.workspace, diagnostic))
        } catch {
            throw RPCError.internalError("\(error)")
        }
        let entries = engine.replaceWorkspace(workspace.name, with: workspace, keepingViews: false).entries
        if params.has("watch"), try params.bool("watch") {
            try engine.watch(workspace)
        }
        var writer = JSONWriter()
        writer.opened(workspace.name, entries)
        return writer.bytes
    }
}

extension JSONWriter {
    /// `{views: [{contentOffsetAdjustment?, direction, id, layout, name, source, viewport}], workspace}`,
    /// and `changed` when given.
    mutating func opened(
        _ name: String, _ entries: [ViewEntry], changed: [String]? = nil, adjustments: [String: Point] = [:]
    ) {
        beginObject()
        if let changed {
            key("changed")
            beginArray()
            for id in changed { string(id) }
            endArray()
        }
        key("views")
        beginArray()
        for entry in entries {
            beginObject()
            if let adjustment = adjustments[entry.id] { key("contentOffsetAdjustment"); point(adjustment) }
            key("direction"); string(entry.view.direction.rawValue)
            key("id"); string(entry.id)
            key("layout"); string(entry.view.layout)
            key("name"); string(entry.view.name)
            key("source"); string(entry.view.source)
            key("viewport"); size(entry.view.viewport)
            endObject()
        }
        endArray()
        key("workspace"); string(name)
        endObject()
    }
}
