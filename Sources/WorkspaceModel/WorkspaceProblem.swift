import Foundation
import SourceDiagnostics

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

    public init(diagnostic: Diagnostic, part: Part, anchor: Mark? = nil) {
        self.diagnostic = diagnostic
        self.part = part
        self.anchor = anchor
    }
}

extension WorkspaceLoader {
    /// Loads a workspace from text (an editor's unsaved buffer) and finds every problem in it,
    /// not only the first: each source and each view is checked on its own.
    ///
    /// - Parameters:
    ///   - path: the file the text is shown as, in messages.
    ///   - directory: the folder relative paths resolve against.
    /// - Returns: the workspace without its sources and views in error (nil when the file is
    ///   not a workspace at all), and the problems in file order: sources, then views.
    public func diagnose(text: String, path: String, directory: String) -> (workspace: Workspace?, problems: [WorkspaceProblem]) {
        let defaultName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var problems: [WorkspaceProblem] = []
        do {
            let workspace = try load(SourceFile(path: path, text: text), directory: directory, defaultName: defaultName, problems: &problems)
            return (workspace, problems)
        } catch {
            return (nil, [WorkspaceProblem(diagnostic: error, part: .document)])
        }
    }
}
