import EngineProtocol
import Foundation
import JSON
import JSONRPC
import LayoutKit
import SourceDiagnostics
import WorkspaceModel

/// `open`: opening a workspace of a name already open replaces it (an editor reopens a file
/// after each edit); view ids are "workspace/view". With `watch`, the workspace file and every
/// data file it read are watched: an edit reloads the workspace as `change` does. A folder's
/// path opens every workspace file in it (`*.yaml`, `*.yml`, by name); with `watch`, a file
/// added to the folder is opened and one removed is closed.
enum OpenMethod: ControlMethod {
    static func run(_ request: OpenRequest, engine: Engine) throws(RPCError) -> OpenResponse {
        let workspace: Workspace
        do {
            switch request.source {
            case .text(let text, let directory):
                let directory = directory ?? FileManager.default.currentDirectoryPath
                try engine.openablePaths?.check(directory: directory, field: "params.directory")
                workspace = try engine.loader.load(text: text, directory: directory)
            case .path(let path):
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                    try engine.openablePaths?.check(directory: path, field: "params.path")
                    return .folder(try engine.openFolder(path, watch: request.watch))
                }
                try engine.openablePaths?.check(path: path, field: "params.path")
                workspace = try engine.loader.load(path: path)
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
        if request.watch { try engine.watch(workspace) }
        return .workspace(OpenedWorkspace(workspace.name, entries))
    }
}

extension OpenedWorkspace {
    /// The open workspace `name`'s views, with `change`'s list and scroll adjustments when given.
    init(_ name: String, _ entries: [ViewEntry], changed: [String]? = nil, adjustments: [String: Point] = [:]) {
        self.init(
            workspace: name,
            views: entries.map { entry in
                View(
                    id: entry.id, name: entry.view.name, layout: entry.view.layout, source: entry.view.source,
                    viewport: entry.view.viewport, direction: entry.view.direction,
                    contentOffsetAdjustment: adjustments[entry.id])
            }, changed: changed)
    }
}

extension LocatedError {
    /// A workspace error as the protocol tells it.
    init(_ diagnostic: Diagnostic) {
        self.init(
            file: diagnostic.path, line: diagnostic.mark?.line, column: diagnostic.mark?.column,
            rendered: diagnostic.description)
    }
}
