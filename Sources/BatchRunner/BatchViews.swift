import SourceDiagnostics
import WorkspaceModel

/// What a batch will do, in output order: the views of this shard, and the errors of files
/// that could not be read (those count in every shard, so that no shard passes over them).
public struct BatchViews: Sendable {
    public enum Step: Sendable {
        case view(Workspace, ViewDefinition)
        case failure(Diagnostic)
    }

    public private(set) var steps: [Step] = []

    /// Reads every workspace in `paths` (files, or folders of `*.yaml` / `*.yml`) and keeps
    /// the views of `shard`. O(files + views), plus loading each workspace's data.
    public init(paths: [String], loader: WorkspaceLoader, shard: Shard = .whole) {
        var viewNumber = 0
        for path in paths.flatMap({ WorkspaceFiles.expand($0) }) {
            switch path {
            case .failure(let error):
                steps.append(.failure(error))
            case .success(let path):
                do {
                    let workspace = try loader.load(path: path)
                    for view in workspace.views {
                        if shard.contains(viewNumber: viewNumber) { steps.append(.view(workspace, view)) }
                        viewNumber += 1
                    }
                } catch {
                    steps.append(.failure(error))
                }
            }
        }
    }
}
