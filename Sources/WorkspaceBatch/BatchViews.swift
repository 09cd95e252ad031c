import Foundation
import SourceDiagnostics
import WorkspaceModel

/// What a batch will do, in output order: the views of this shard, the views that failed
/// while their workspace was read, and the errors that belong to no view (files that could
/// not be read, sources in error); those count in every shard, so that no shard passes over them.
public struct BatchViews: Sendable {
    public enum Step: Sendable {
        case view(Workspace, ViewDefinition)
        case failure(Diagnostic, Failure)
    }

    /// What an error stands for in a batch's summary.
    public enum Failure: Sendable, Equatable {
        /// One view that cannot be laid out (its definition, or its source, is in error).
        case view
        /// A workspace or data file that is not there.
        case missingFile
        /// A workspace or data file that is there but could not be read or is not what it must be.
        case unreadableFile
        /// Another problem of a workspace file (a source no view uses, in error).
        case other
    }

    public private(set) var steps: [Step] = []

    /// A file in error: missing, or there but unreadable ("unreadable" is said only of a file that exists).
    static func failure(ofFile path: String) -> Failure {
        FileManager.default.fileExists(atPath: path) ? .unreadableFile : .missingFile
    }

    /// Reads every workspace in `paths` (files, or folders of `*.yaml` / `*.yml`) and keeps
    /// the views of `shard`. O(files + views), plus loading each workspace's data.
    ///
    /// A workspace is read as far as it can be: a source in error (a missing or broken data
    /// file) fails only the views on it, and a view in error only itself.
    public init(paths: [String], loader: WorkspaceLoader, shard: Shard = .whole) {
        var viewNumber = 0
        for path in paths.flatMap({ WorkspaceFiles.expand($0) }) {
            switch path {
            case .failure(let error):
                steps.append(.failure(error, Self.failure(ofFile: error.path)))
            case .success(let path):
                let partial: PartialWorkspace
                do {
                    partial = try loader.loadPartially(path: path)
                } catch {
                    steps.append(.failure(error, .unreadableFile))
                    continue
                }
                for problem in partial.problems {
                    guard case .source = problem.part else { continue }
                    let dataFile = problem.dataFile.map {
                        ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent($0)
                    }
                    steps.append(.failure(problem.diagnostic, dataFile.map(Self.failure(ofFile:)) ?? .other))
                }
                for (_, step) in Self.viewSteps(of: partial).sorted(by: { $0.mark < $1.mark }) {
                    if shard.contains(viewNumber: viewNumber) { steps.append(step) }
                    viewNumber += 1
                }
            }
        }
    }

    /// Every view of a workspace, in file order: those to lay out, and the failures of those
    /// in error or on a failed source.
    private static func viewSteps(of partial: PartialWorkspace) -> [(mark: Mark, step: Step)] {
        let workspace = partial.workspace
        var steps: [(mark: Mark, step: Step)] = workspace.views.map { ($0.mark, .view(workspace, $0)) }
        for problem in partial.problems {
            guard case .view = problem.part else { continue }
            steps.append(
                (
                    problem.anchor ?? problem.diagnostic.mark ?? Mark(line: 0, column: 0),
                    .failure(problem.diagnostic, .view)
                ))
        }
        for skipped in partial.viewsOnFailedSources {
            let sourceError =
                partial.problems.first { $0.part == .source(skipped.source) }?.diagnostic.message ?? "it is in error"
            let error = workspace.file.error(
                "view '\(skipped.name)': its source '\(skipped.source)' cannot be loaded: \(sourceError)",
                at: skipped.mark)
            steps.append((skipped.mark, .failure(error, .view)))
        }
        return steps
    }
}
