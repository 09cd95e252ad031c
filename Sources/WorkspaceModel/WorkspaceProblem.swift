import Foundation
import SourceDiagnostics
import YAMLReader

/// One problem in a workspace file, and the part of the workspace it belongs to.
public struct WorkspaceProblem: Sendable, Equatable {
    /// The part of a workspace a problem leaves out.
    public enum Part: Sendable, Equatable {
        /// The file as a whole: it is not YAML, or not a workspace mapping.
        case document
        case source(String)
        case view(String)
    }

    /// The error, located in the workspace file or in a data file it reads.
    public var diagnostic: Diagnostic
    public var part: Part
    /// Where the part is named in the workspace file (a source's or view's key), if known.
    public var anchor: Mark?
    /// For a source in error that reads a data file (`file: PATH`): the path as written.
    public var dataFile: String?

    /// A view left out of a workspace because its source failed to load.
    public struct ViewOnFailedSource: Sendable, Equatable {
        public var name: String
        public var source: String
        /// Where the view's name is written in the workspace file.
        public var mark: Mark
    }

    public init(diagnostic: Diagnostic, part: Part, anchor: Mark? = nil) {
        self.diagnostic = diagnostic
        self.part = part
        self.anchor = anchor
    }
}

/// A workspace loaded as far as it could be: without its sources and views in error, with
/// every problem, and with the views its failed sources left out (a batch fails just those).
public struct PartialWorkspace: Sendable {
    public var workspace: Workspace
    /// In file order: sources, then views.
    public var problems: [WorkspaceProblem]
    public var viewsOnFailedSources: [WorkspaceProblem.ViewOnFailedSource]
}

/// What loading a text found: its YAML tree, the workspace without the parts in error, and
/// every problem.
public struct WorkspaceDiagnosis: Sendable {
    /// The text's YAML tree; nil when it is not YAML.
    public var root: YAMLNode?
    /// The workspace without its sources and views in error; nil when the text is not a workspace at all.
    public var workspace: Workspace?
    /// In file order: sources, then views.
    public var problems: [WorkspaceProblem]
}

extension WorkspaceLoader {
    /// Loads a workspace from text (an editor's unsaved buffer) and finds every problem in it,
    /// not only the first: each source and each view is checked on its own.
    ///
    /// - Parameters:
    ///   - path: the file the text is shown as, in messages; its name is the default workspace name.
    ///   - directory: the folder relative paths resolve against.
    public func diagnose(text: String, path: String, directory: String) -> WorkspaceDiagnosis {
        let file = SourceFile(path: path, text: text)
        let root: YAMLNode
        do {
            root = try yaml.parse(file)
        } catch {
            return WorkspaceDiagnosis(
                root: nil, workspace: nil, problems: [WorkspaceProblem(diagnostic: error, part: .document)])
        }
        let defaultName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var problems: [WorkspaceProblem] = []
        do {
            let workspace = try load(
                file, root: root, directory: directory, defaultName: defaultName, problems: &problems)
            return WorkspaceDiagnosis(root: root, workspace: workspace, problems: problems)
        } catch {
            return WorkspaceDiagnosis(
                root: root, workspace: nil, problems: [WorkspaceProblem(diagnostic: error, part: .document)])
        }
    }
}
