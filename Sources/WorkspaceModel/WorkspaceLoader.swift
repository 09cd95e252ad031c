import Foundation
import LayoutKit
import SourceDiagnostics
import YAMLReader

/// Reads and validates workspace files (format: README, "Workspace files").
public struct WorkspaceLoader: Sendable {
    /// The most elements a `generate` source may lead a layout to make: 2 per item and
    /// 2 per section (see README, "Limits").
    public var maximumGeneratedElements = WorkspaceLoader.elementLimit
    /// The most elements one view's layout may make; a layout whose options make more per item
    /// or per section than 2 (ABI 2.3's element budget) is held to it before it prepares.
    public static let elementLimit = 4_000_000
    /// The largest workspace or data file read, in bytes.
    public var maximumFileSize = 64 << 20
    public var yaml = YAMLParser()
    /// Texts that stand in for files on disk (an editor's unsaved buffers), by absolute path
    /// with symbolic links resolved.
    public var unsavedFiles: [String: String] = [:]

    public init() {}

    /// Loads the workspace file at `path`.
    ///
    /// - Throws: a `Diagnostic` naming the file, line and column of the first problem.
    public func load(path: String) throws(Diagnostic) -> Workspace {
        let file = try readFile(path, shownAs: path)
        let directory = (path as NSString).deletingLastPathComponent
        let defaultName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try load(file, directory: directory, defaultName: defaultName)
    }

    /// Loads a workspace from text (an editor's unsaved buffer); relative paths resolve
    /// against `directory`.
    public func load(text: String, path: String = "<text>", directory: String) throws(Diagnostic) -> Workspace {
        try load(SourceFile(path: path, text: text), directory: directory, defaultName: "workspace")
    }

    private func load(_ file: SourceFile, directory: String, defaultName: String) throws(Diagnostic) -> Workspace {
        var problems: [WorkspaceProblem] = []
        let workspace = try load(file, directory: directory, defaultName: defaultName, problems: &problems)
        if let first = problems.first { throw first.diagnostic }
        return workspace
    }

    /// Loads what it can: a source or view in error is left out and its problem recorded, so
    /// every source and view is checked; a file that is not a workspace mapping at all throws.
    func load(_ file: SourceFile, directory: String, defaultName: String, problems: inout [WorkspaceProblem])
        throws(Diagnostic) -> Workspace
    {
        var unused: [WorkspaceProblem.ViewOnFailedSource] = []
        return try load(
            file, root: try yaml.parse(file), directory: directory, defaultName: defaultName, problems: &problems,
            viewsOnFailedSources: &unused)
    }

    /// `load(_:directory:defaultName:problems:)` with the file's YAML tree already parsed.
    func load(
        _ file: SourceFile, root: YAMLNode, directory: String, defaultName: String, problems: inout [WorkspaceProblem]
    ) throws(Diagnostic) -> Workspace {
        var unused: [WorkspaceProblem.ViewOnFailedSource] = []
        return try load(
            file, root: root, directory: directory, defaultName: defaultName, problems: &problems,
            viewsOnFailedSources: &unused)
    }

    /// Loads the workspace file at `path` as far as it can (a batch's view of it): every
    /// problem found, and the views left out because their source failed to load.
    ///
    /// - Throws: when the file cannot be read, is not YAML, or is not a workspace mapping.
    public func loadPartially(path: String) throws(Diagnostic) -> PartialWorkspace {
        let file = try readFile(path, shownAs: path)
        let directory = (path as NSString).deletingLastPathComponent
        let defaultName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var problems: [WorkspaceProblem] = []
        var skipped: [WorkspaceProblem.ViewOnFailedSource] = []
        let workspace = try load(
            file, root: try yaml.parse(file), directory: directory, defaultName: defaultName, problems: &problems,
            viewsOnFailedSources: &skipped)
        return PartialWorkspace(workspace: workspace, problems: problems, viewsOnFailedSources: skipped)
    }

    private func load(
        _ file: SourceFile, root: YAMLNode, directory: String, defaultName: String, problems: inout [WorkspaceProblem],
        viewsOnFailedSources: inout [WorkspaceProblem.ViewOnFailedSource]
    ) throws(Diagnostic) -> Workspace {
        let reader = NodeReader(file: file)
        if root.resolvedScalar == .null {
            throw file.error("the workspace is empty; expected 'sources' and 'views'", at: root.mark)
        }
        let top = try reader.mapping(root, what: "a workspace", allowed: ["workspace", "sources", "views"])
        let name =
            try top["workspace"].map { pair throws(Diagnostic) in try reader.text(pair.value, what: "'workspace'") }
            ?? defaultName

        var sources: [String: LoadedSource] = [:]
        var failedSources: Set<String> = []
        let sourceLoader = SourceLoader(workspace: self, directory: directory)
        if let sourcesNode = top["sources"]?.value {
            guard let pairs = sourcesNode.pairs else {
                throw reader.error(
                    "'sources' must be a mapping of names to sources, got \(sourcesNode.kindDescription)",
                    at: sourcesNode)
            }
            for pair in pairs {
                let sourceName = try reader.text(pair.key, what: "a source name")
                do {
                    sources[sourceName] = try sourceLoader.load(pair.value, named: sourceName, in: file)
                } catch {
                    failedSources.insert(sourceName)
                    var problem = WorkspaceProblem(diagnostic: error, part: .source(sourceName), anchor: pair.key.mark)
                    problem.dataFile = pair.value["file"]?.scalarText
                    problems.append(problem)
                }
            }
        }

        var views: [ViewDefinition] = []
        if let viewsNode = top["views"]?.value {
            guard let pairs = viewsNode.pairs else {
                throw reader.error(
                    "'views' must be a mapping of names to views, got \(viewsNode.kindDescription)", at: viewsNode)
            }
            for pair in pairs {
                do {
                    var view = try view(pair, sources: sources, reader: reader)
                    if let node = try reader.mapping(pair.value, what: "view '\(view.name)'", allowed: Self.viewKeys)[
                        "preferredSizes"]?.value
                    {
                        view.measuredSizes = try sourceLoader.loadMeasuredSizes(node, reader: reader)
                    }
                    views.append(view)
                } catch {
                    // A view on a source that failed to load is left out: the source's own problem says why.
                    if let source = pair.value["source"]?.scalarText, failedSources.contains(source) {
                        viewsOnFailedSources.append(
                            WorkspaceProblem.ViewOnFailedSource(
                                name: pair.key.scalarText ?? "", source: source, mark: pair.key.mark))
                        continue
                    }
                    problems.append(
                        WorkspaceProblem(
                            diagnostic: error, part: .view(pair.key.scalarText ?? ""), anchor: pair.key.mark))
                }
            }
        }
        return Workspace(name: name, file: file, directory: directory, sources: sources, views: views)
    }

    static let viewKeys = ["layout", "source", "viewport", "options", "preferredSizes", "direction"]

    private func view(_ pair: YAMLPair, sources: [String: LoadedSource], reader: NodeReader) throws(Diagnostic)
        -> ViewDefinition
    {
        let name = try reader.text(pair.key, what: "a view name")
        let entries = try reader.mapping(pair.value, what: "view '\(name)'", allowed: Self.viewKeys)
        guard let layoutPair = entries["layout"] else {
            throw reader.error("view '\(name)' needs a 'layout' (a plugin name)", at: pair.key)
        }
        guard let sourcePair = entries["source"] else {
            throw reader.error("view '\(name)' needs a 'source'", at: pair.key)
        }
        let layout = try reader.string(layoutPair.value, what: "'layout'")
        let source = try reader.text(sourcePair.value, what: "'source'")
        guard sources[source] != nil else {
            let known = sources.keys.sorted().joined(separator: ", ")
            throw reader.error(
                "no source named '\(source)'\(Suggestion.phrase(for: source, in: sources.keys)); sources: \(known.isEmpty ? "none" : known)",
                at: sourcePair.value)
        }
        var viewport = Size(width: 375, height: 667)
        if let viewportNode = entries["viewport"]?.value {
            let sides = try reader.mapping(viewportNode, what: "'viewport'", allowed: ["width", "height"])
            func side(_ name: String) throws(Diagnostic) -> Double {
                guard let pair = sides[name] else {
                    throw reader.error("'viewport' needs a '\(name)'", at: viewportNode)
                }
                let sizes = ViewDefinition.frameSizes
                return try reader.number(
                    pair.value, what: "'viewport.\(name)'",
                    rule: NumberRule(minimum: .atLeast(sizes.lowerBound), maximum: sizes.upperBound))
            }
            viewport = Size(width: try side("width"), height: try side("height"))
        }
        var options: [String: Value] = [:]
        let optionsNode = entries["options"]?.value
        if let optionsNode, optionsNode.resolvedScalar != .null {
            guard optionsNode.pairs != nil else {
                throw reader.error("'options' must be a mapping, got \(optionsNode.kindDescription)", at: optionsNode)
            }
            options = try reader.value(optionsNode).map ?? [:]
        }
        var direction = LayoutDirection.leftToRight
        if let directionNode = entries["direction"]?.value {
            let text = try reader.string(directionNode, what: "'direction'")
            guard let known = LayoutDirection(rawValue: text) else {
                let names = LayoutDirection.allCases.map(\.rawValue)
                throw reader.error(
                    "'direction' must be \(names.joined(separator: " or ")), got '\(text)'\(Suggestion.phrase(for: text, in: names))",
                    at: directionNode)
            }
            direction = known
        }
        return ViewDefinition(
            name: name, layout: layout, source: source, viewport: viewport, options: options,
            optionsNode: optionsNode, mark: pair.key.mark, layoutMark: layoutPair.value.mark, direction: direction,
            viewportMark: entries["viewport"]?.key.mark)
    }

    /// A file type in words, for "not a regular file" errors.
    private static func describe(_ type: FileAttributeType?) -> String {
        switch type {
        case .typeCharacterSpecial?: return "a character device"
        case .typeBlockSpecial?: return "a block device"
        case .typeSocket?: return "a socket"
        case .typeSymbolicLink?: return "a broken symbolic link"
        default: return "a pipe or another special file"
        }
    }

    /// Reads a UTF-8 text file, refusing missing, oversized and non-UTF-8 files.
    ///
    /// - Parameters:
    ///   - shown: the path error messages about the file's contents use.
    ///   - reference: where a workspace names the file, and the name as written there;
    ///     errors about the file itself are reported there.
    func readFile(_ path: String, shownAs shown: String, reference: (file: SourceFile, mark: Mark, name: String)? = nil)
        throws(Diagnostic) -> SourceFile
    {
        let name = reference?.name ?? shown
        func fail(_ message: String) -> Diagnostic {
            reference.map { $0.file.error(message, at: $0.mark) } ?? Diagnostic(path: shown, message: message)
        }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if let unsaved = unsavedFiles[resolved] { return SourceFile(path: shown, text: unsaved) }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved) else {
            throw fail("no such file: \(name)")
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: break
        case .typeDirectory?: throw fail("\(name) is a folder, not a file")
        case let type: throw fail("cannot read \(name): it is not a regular file (it is \(Self.describe(type)))")
        }
        if let size = attributes[.size] as? Int, size > maximumFileSize {
            throw fail("\(name) is larger than the \(maximumFileSize >> 20) MiB limit")
        }
        guard let data = FileManager.default.contents(atPath: resolved) else {
            throw fail(
                "cannot read \(name): \(FileManager.default.isReadableFile(atPath: resolved) ? "reading failed" : "permission denied")"
            )
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            let file = SourceFile(path: shown, text: String(decoding: data, as: UTF8.self))
            throw file.error(
                "\(name) is not valid UTF-8 text: the first bad byte is here",
                at: UTF8Position.firstInvalidByte(in: data))
        }
        return SourceFile(path: shown, text: text)
    }
}
