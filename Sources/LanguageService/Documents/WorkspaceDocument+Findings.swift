import LayoutKit
import PluginHost
import SourceDiagnostics
import WorkspaceModel

extension WorkspaceDocument {
    /// Every problem of the text as findings: the loader's (one per source or view in error,
    /// a data file's errors shown at the source that reads it), then each view's layout and
    /// option names checked against the plugins. O(problems + views × options).
    func findings(plugins: PluginRegistry) -> [Finding] {
        problems.map(finding) + (workspace?.views.flatMap { pluginFindings(for: $0, plugins: plugins) } ?? [])
    }

    private func finding(for problem: WorkspaceProblem) -> Finding {
        let diagnostic = problem.diagnostic
        let code: String
        switch problem.part {
        case .document: code = root == nil ? "workspace.syntax" : "workspace.structure"
        case .source: code = "workspace.source"
        case .view: code = "workspace.view"
        }
        guard diagnostic.path != path else {
            return Finding(mark: diagnostic.mark, severity: .error, code: code, message: diagnostic.message)
        }
        // The error is in a data file: shown where the source is named, pointing into the file.
        let related = Finding.Related(
            path: diagnostic.path, mark: diagnostic.mark, lineText: diagnostic.sourceLine ?? "",
            message: diagnostic.message)
        return Finding(
            mark: problem.anchor, severity: .error, code: "workspace.data-file",
            message: "\(diagnostic.summary)", related: [related])
    }

    /// The view's layout is a plugin found, and its options are ones the plugin takes.
    private func pluginFindings(for view: ViewDefinition, plugins: PluginRegistry) -> [Finding] {
        let plugin: LoadedPlugin
        do {
            plugin = try plugins.plugin(named: view.layout)
        } catch {
            let code = if case .refused = error { "plugin.refused" } else { "plugin.unknown-layout" }
            return [Finding(mark: view.layoutMark, severity: .error, code: code, message: error.description)]
        }
        return view.options.keys.sorted().filter { !plugin.options.contains($0) }.map { name in
            let known = plugin.options.isEmpty ? "it takes none" : "it takes: \(plugin.options.joined(separator: ", "))"
            return Finding(
                mark: view.mark(ofOption: name), severity: .error, code: "plugin.unknown-option",
                message:
                    "layout '\(plugin.name)' has no option '\(name)'\(Suggestion.phrase(for: name, in: plugin.options)); \(known)"
            )
        }
    }
}
