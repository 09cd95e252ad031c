import JSON
import LayoutKit
import PluginHost

extension WorkspaceDocument {
    /// `Hover` at `position`: a layout name's plugin (summary, version, kinds, options), an
    /// option, a view (its layout, source, viewport, what `prepared` says, and its findings),
    /// a source (its shape and size), or a schema key's meaning. Null elsewhere.
    ///
    /// - Parameters:
    ///   - prepared: a view's content size and element count, by view name, once prepared.
    ///   - findings: the document's findings, for a view's own.
    func hover(
        at position: Position, encoding: PositionEncoding, plugins: PluginRegistry,
        prepared: (String) -> String?, findings: [Finding]
    ) -> JSONValue {
        guard let pointed = pointed(at: lines.mark(at: position, encoding: encoding)),
            let text = hoverText(pointed, plugins: plugins, prepared: prepared, findings: findings)
        else { return .null }
        return .members([
            "contents": .markdown(text), "range": lines.tokenRange(at: pointed.node.mark, encoding: encoding).json,
        ])
    }

    private func hoverText(
        _ pointed: Pointed, plugins: PluginRegistry, prepared: (String) -> String?, findings: [Finding]
    ) -> String? {
        let path = pointed.path
        switch (path.first, path.count, pointed.isKey) {
        case ("views", 3, false) where path[2] == "layout":
            guard let name = pointed.node.scalarText else { return nil }
            do { return try plugins.plugin(named: name).hoverText } catch { return "**\(name)**: \(error.description)" }
        case ("views", 5..., _) where path[2] == "options", ("views", 4, false) where path[2] == "options":
            return nestedOptionText(pointed, plugins: plugins)
        case ("views", 4, true) where path[2] == "options":
            let option = path[3]
            guard
                let layout = workspace?.view(named: path[1])?.layout
                    ?? pairs(under: "views").first(where: { $0.key.scalarText == path[1] })?.value["layout"]?.scalarText
            else { return nil }
            guard let plugin = try? plugins.plugin(named: layout) else {
                return "`\(option)`: an option of layout `\(layout)`, which is not found"
            }
            let taken =
                plugin.options.contains(option)
                ? "an option of layout `\(plugin.name)` \(plugin.version)"
                : "**not** an option of layout `\(plugin.name)`"
            return
                "`\(option)`: \(taken).\n\nOptions it takes: \(plugin.options.map { "`\($0)`" }.joined(separator: ", "))"
        case ("views", 2, true):
            return viewText(path[1], prepared: prepared, findings: findings)
        case ("sources", 2, true):
            guard let source = workspace?.sources[path[1]] else {
                return "source `\(path[1])` (not loaded: see its diagnostics)"
            }
            let data = source.data.source
            return "source `\(source.name)`: \(data.numberOfSections) sections, \(data.numberOfItems) items"
                + (source.file.path == self.path ? "" : ", from `\(source.file.path)`")
        default:
            guard pointed.isKey else { return nil }
            return schemaKey(path)?.documentation
        }
    }

    /// An option key below the first level, or an option's value, from the layout's option
    /// schema (ABI 2.3): what it means and the words it may be.
    private func nestedOptionText(_ pointed: Pointed, plugins: PluginRegistry) -> String? {
        let path = pointed.path
        guard let layout = layoutName(ofView: path[1]), let plugin = try? plugins.plugin(named: layout),
            let schema = plugin.optionSchema
        else { return nil }
        let keys = path.dropFirst(3)
        guard let key = schema.key(at: keys) else {
            guard pointed.isKey else { return nil }
            let known = schema.node(at: keys.dropLast())?.keys.map { "`\($0.name)`" }.joined(separator: ", ") ?? ""
            return "`\(keys.last!)`: **not** a key of layout `\(plugin.name)` here"
                + (known.isEmpty ? "" : ".\n\nKeys here: \(known)")
        }
        let values = key.schema.values
        var text = "`\(keys.joined(separator: "."))`: \(key.documentation)"
        if !values.isEmpty {
            if !pointed.isKey, let word = pointed.node.scalarText, !values.contains(word) {
                text = "`\(word)` is **not** a value of `\(key.name)`.\n\n" + text
            }
            text += "\n\nOne of: \(values.map { "`\($0)`" }.joined(separator: ", "))"
        }
        return text
    }

    /// The layout a view names, from the loaded workspace or, while it does not load, the text.
    private func layoutName(ofView view: String) -> String? {
        workspace?.view(named: view)?.layout
            ?? pairs(under: "views").first(where: { $0.key.scalarText == view })?.value["layout"]?.scalarText
    }

    private func viewText(_ name: String, prepared: (String) -> String?, findings: [Finding]) -> String {
        guard let view = workspace?.view(named: name) else {
            return "view `\(name)` (not loaded)" + findingsText(findings.filter { $0.mark?.line == viewLine(name) })
        }
        var text =
            "view `\(name)`: layout `\(view.layout)` on source `\(view.source)`, viewport \(view.viewport.width.compactDescription) × \(view.viewport.height.compactDescription)"
        text += "\n\n" + (prepared(name) ?? "not prepared yet")
        return text + findingsText(findings.filter { $0.mark?.line == view.mark.line })
    }

    private func viewLine(_ name: String) -> Int? {
        pairs(under: "views").first { $0.key.scalarText == name }?.key.mark.line
    }

    private func findingsText(_ findings: [Finding]) -> String {
        findings.isEmpty
            ? ""
            : "\n\n"
                + findings.map { "- \($0.severity == .error ? "error" : "warning"): \($0.message)" }.joined(
                    separator: "\n")
    }

    /// The schema key at `path` (its last element), if the path is a schema place.
    private func schemaKey(_ path: [String]) -> WorkspaceSchema.Key? {
        let keys: [WorkspaceSchema.Key]
        switch (path.first, path.count) {
        case (_, 1): keys = WorkspaceSchema.topLevel
        case ("sources", 3): keys = WorkspaceSchema.sourceKinds
        case ("sources", 4): keys = path[2] == "table" ? WorkspaceSchema.tableFields : WorkspaceSchema.generateFields
        case ("views", 3): keys = WorkspaceSchema.viewKeys
        case ("views", 4) where path[2] == "viewport": keys = WorkspaceSchema.viewportKeys
        default: return nil
        }
        return keys.first { $0.name == path.last }
    }
}
