import Foundation
import LayoutKit
import SourceDiagnostics
import YAMLReader

/// Turns one `sources:` entry into a `LoadedSource`.
struct SourceLoader {
    static let shapes = ["items", "sections", "tree", "table", "generate", "file"]

    let workspace: WorkspaceLoader
    /// The folder data files are looked up in, as the user wrote it (for messages).
    let directory: String

    func load(_ node: YAMLNode, named name: String, in file: SourceFile, allowFile: Bool = true) throws(Diagnostic)
        -> LoadedSource
    {
        let reader = NodeReader(file: file)
        let allowed = allowFile ? Self.shapes : Self.shapes.filter { $0 != "file" }
        let entries = try reader.mapping(node, what: "source '\(name)'", allowed: allowed)
        let given = allowed.filter { entries[$0] != nil }
        guard given.count == 1, let shape = given.first, let pair = entries[shape] else {
            let message =
                given.isEmpty
                ? "source '\(name)' needs one of: \(allowed.joined(separator: ", "))"
                : "source '\(name)' must have exactly one of \(allowed.joined(separator: ", ")); found \(given.map { "'\($0)'" }.joined(separator: " and "))"
            throw reader.error(message, at: given.count > 1 ? entries[given[1]]!.key : node)
        }
        var data = DataBuilder(reader: reader)
        switch shape {
        case "items": try data.addSection(pair.value, what: "'items'")
        case "sections":
            for section in try reader.list(pair.value, what: "'sections'") {
                try data.addSection(section, what: "each section")
            }
        case "tree": try data.addTree(pair.value)
        case "table": try data.addTable(pair.value)
        case "generate": try data.addGenerated(pair.value, limit: workspace.maximumGeneratedElements)
        default: return try loadFile(pair.value, named: name, reader: reader)
        }
        return LoadedSource(name: name, data: data.builder.build(), file: file, mark: node.mark, itemMarks: data.marks)
    }

    /// `file: path`: a .yaml/.yml/.json file holding one source shape, or a .csv table,
    /// inside the workspace's folder.
    private func loadFile(_ node: YAMLNode, named name: String, reader: NodeReader) throws(Diagnostic) -> LoadedSource {
        let relative = try reader.string(node, what: "'file'")
        let shown =
            directory.isEmpty || directory == "." ? relative : (directory as NSString).appendingPathComponent(relative)
        let resolved = try confined(relative, at: node, reader: reader)
        let file = try workspace.readFile(resolved, shownAs: shown, reference: (reader.file, node.mark, relative))
        switch (relative as NSString).pathExtension.lowercased() {
        case "csv":
            var data = DataBuilder(reader: NodeReader(file: file))
            try data.addCSVTable(file)
            return LoadedSource(
                name: name, data: data.builder.build(), file: file, mark: node.mark, itemMarks: data.marks)
        case "yaml", "yml", "json":
            let root = try workspace.yaml.parse(file)
            return try load(root, named: name, in: file, allowFile: false)
        default:
            throw reader.error("'file' must end in .yaml, .yml, .json or .csv, got '\(relative)'", at: node)
        }
    }

    /// The real path of `relative`, refused unless it lies inside the workspace's folder.
    func confined(_ relative: String, at node: YAMLNode, reader: NodeReader) throws(Diagnostic) -> String {
        let base = URL(fileURLWithPath: directory.isEmpty ? "." : directory).standardizedFileURL
            .resolvingSymlinksInPath()
        let target = URL(fileURLWithPath: relative, relativeTo: base).standardizedFileURL.resolvingSymlinksInPath()
        let basePath = base.path.hasSuffix("/") ? base.path : base.path + "/"
        guard target.path.hasPrefix(basePath) else {
            throw reader.error(
                "'\(relative)' is outside the workspace's folder; data files must be inside it", at: node)
        }
        return target.path
    }
}
