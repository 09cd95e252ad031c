import Foundation
import JSONOutput
import JSONRPC
import Sessions
import SourceDiagnostics
import WorkspaceModel

/// `open {path}` or `open {text, directory?}` → `{workspace, views: [{id, name, layout,
/// source, viewport}]}`. Opening a workspace of a name already open replaces it (an editor
/// reopens a file after each edit). View ids are "workspace/view".
enum OpenMethod: ControlMethod {
    static let name = "open"

    static func run(_ params: Params, server: Server) throws(RPCError) -> [UInt8] {
        let workspace: Workspace
        do {
            if params.has("text") {
                let directory = try params.optionalString("directory") ?? FileManager.default.currentDirectoryPath
                workspace = try server.loader.load(text: try params.string("text"), directory: directory)
            } else if params.has("path") {
                workspace = try server.loader.load(path: try params.string("path"))
            } else {
                throw RPCError.invalidParams("params.path or params.text is required")
            }
        } catch let error as RPCError {
            server.memoryRelease.soon()
            throw error
        } catch let diagnostic as Diagnostic {
            server.memoryRelease.soon()
            throw RPCError(.init(.workspace, diagnostic))
        } catch {
            throw RPCError.internalError("\(error)")
        }
        let sources = SharedSource.all(of: workspace)
        let entries = workspace.views.map { ViewEntry(id: "\(workspace.name)/\($0.name)", view: $0, workspace: workspace, source: sources[$0.source],
                                                    memoryRelease: server.memoryRelease) }
        server.state.open(workspace.name, views: entries)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("views")
        writer.beginArray()
        for entry in entries {
            writer.beginObject()
            writer.key("id"); writer.string(entry.id)
            writer.key("layout"); writer.string(entry.view.layout)
            writer.key("name"); writer.string(entry.view.name)
            writer.key("source"); writer.string(entry.view.source)
            writer.key("viewport"); writer.size(entry.view.viewport)
            writer.endObject()
        }
        writer.endArray()
        writer.key("workspace"); writer.string(workspace.name)
        writer.endObject()
        return writer.bytes
    }
}
