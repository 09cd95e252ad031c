import Foundation
import SourceDiagnostics
import WorkspaceModel
import YAMLReader

/// An open workspace file: its unsaved text, and what loading that text found.
struct WorkspaceDocument: Sendable {
    let uri: String
    /// The file's path: what messages show, and where relative paths resolve.
    let path: String
    private(set) var version: Int
    private(set) var lines: TextLines
    /// The text's YAML tree; nil while it does not parse.
    private(set) var root: YAMLNode?
    /// The workspace, without the sources and views in error; nil when the text is not a
    /// workspace at all.
    private(set) var workspace: Workspace?
    /// Every problem loading found, in file order.
    private(set) var problems: [WorkspaceProblem]

    /// Loads `text` as the file at `path` (data files resolve in its folder).
    init(uri: String, path: String, version: Int, text: String, loader: WorkspaceLoader) {
        self.uri = uri
        self.path = path
        self.version = version
        lines = TextLines(text)
        problems = []
        load(with: loader)
    }

    /// Takes a new text (an edit), and loads it.
    mutating func update(text: String, version: Int, loader: WorkspaceLoader) {
        self.version = version
        lines = TextLines(text)
        load(with: loader)
    }

    /// Loads the text again (a data file it reads changed).
    mutating func reload(with loader: WorkspaceLoader) {
        load(with: loader)
    }

    private mutating func load(with loader: WorkspaceLoader) {
        let diagnosis = loader.diagnose(
            text: lines.text, path: path, directory: (path as NSString).deletingLastPathComponent)
        (root, workspace, problems) = (diagnosis.root, diagnosis.workspace, diagnosis.problems)
    }

    /// The data files the workspace reads, those in error included, resolved (the keys of
    /// `WorkspaceLoader.unsavedFiles`).
    var dataFilePaths: Set<String> {
        let folder = URL(fileURLWithPath: (path as NSString).deletingLastPathComponent + "/")
        // A data file that could not be read (missing, renamed away) is still the one it names.
        let named = problems.compactMap(\.dataFile).map { URL(fileURLWithPath: $0, relativeTo: folder).path }
        let read =
            (workspace.map { Array($0.sources.values) } ?? []).map(\.file.path) + problems.map(\.diagnostic.path)
            + named
        return Set(read.filter { $0 != path }.map(DocumentURI.resolved))
    }
}
