import EngineProtocol
import Foundation
import JSONRPC
import WorkspaceModel

/// `change`: replaces an open workspace's text (an editor's unsaved buffer), relative paths
/// resolving as before. Views that keep their name, layout and source keep their bounds, moved
/// to keep their scroll anchor in place; those whose layout, options and data did not change
/// are not prepared again. An invalid text is a located -32001 and the previous state stays served.
enum ChangeMethod: ControlMethod {
    static func run(_ request: ChangeRequest, engine: Engine) throws(RPCError) -> OpenedWorkspace {
        let name = request.workspace
        guard let document = engine.state.workspace(name)?.document else {
            throw .unknown("no open workspace named '\(name)'")
        }
        let workspace: Workspace
        do {
            workspace = try engine.loader.load(
                text: request.text, path: document.file.path, directory: document.directory)
        } catch {
            throw RPCError(.init(.workspace, error))
        }
        let (entries, changed, adjustments) = engine.replaceWorkspace(name, with: workspace, keepingViews: true)
        engine.state.watcher(of: name)?.watch(workspace.filePaths)
        return OpenedWorkspace(name, entries, changed: changed, adjustments: adjustments)
    }
}

extension Workspace {
    /// The workspace file and every data file it read, as absolute paths.
    var filePaths: [String] {
        ([file.path] + sources.values.map(\.file.path) + views.compactMap(\.measuredSizes?.file.path)).map {
            URL(fileURLWithPath: $0).standardizedFileURL.path
        }
    }
}
