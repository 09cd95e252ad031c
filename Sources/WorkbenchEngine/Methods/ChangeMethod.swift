import Foundation
import JSON
import JSONOutput
import JSONRPC
import RequestParams
import SourceDiagnostics
import WorkspaceModel

/// `change {workspace, text}` → `{changed, views, workspace}`: replaces an open workspace's
/// text (an editor's unsaved buffer), relative paths resolving as before. Views that keep
/// their name, layout and source keep their bounds, moved to keep their scroll anchor in
/// place (each such view's `contentOffsetAdjustment`); those whose layout, options and data did
/// not change are not prepared again. `changed` lists the views added, changed or removed.
/// An invalid text is a located -32001 and the previous state stays served.
enum ChangeMethod: ControlMethod {
    static let name = "change"

    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8] {
        let name = try params.string("workspace")
        let text = try params.string("text")
        guard let document = engine.state.workspace(name)?.document else {
            throw .unknown("no open workspace named '\(name)'")
        }
        let workspace: Workspace
        do {
            workspace = try engine.loader.load(text: text, path: document.file.path, directory: document.directory)
        } catch {
            throw RPCError(.init(.workspace, error))
        }
        let (entries, changed, adjustments) = engine.replaceWorkspace(name, with: workspace, keepingViews: true)
        engine.state.watcher(of: name)?.watch(workspace.filePaths)
        var writer = JSONWriter()
        writer.opened(name, entries, changed: changed, adjustments: adjustments)
        return writer.bytes
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
