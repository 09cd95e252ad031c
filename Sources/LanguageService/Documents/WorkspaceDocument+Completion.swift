import Foundation
import JSON
import LayoutKit
import PluginHost

extension WorkspaceDocument {
    /// A completion item before it is placed.
    struct Candidate {
        /// LSP's CompletionItemKind.
        enum Kind: Int {
            case module = 9
            case property = 10
            case keyword = 14
            case file = 17
            case field = 5
            case variable = 6
        }

        var label: String
        var kind: Kind
        var detail: String
        var documentation: String
    }

    /// `CompletionList` at `position`, for the place of the workspace schema there (a key, a
    /// source kind, a layout name, an option, a source name, a data file path), read from
    /// the text around it so it works with errors elsewhere.
    func completion(at position: Position, encoding: PositionEncoding, plugins: PluginRegistry) -> JSONValue {
        let cursor = lines.mark(at: position, encoding: encoding)
        let place = SchemaPlace(at: cursor, in: lines)
        let start = lines.position(of: .init(line: cursor.line, column: place.prefixColumn), encoding: encoding)
        let replaced = Range(start: start, end: lines.position(of: cursor, encoding: encoding))
        let items = candidates(at: place, plugins: plugins).map { candidate -> JSONValue in
            .members([
                "label": .string(candidate.label), "kind": .integer(candidate.kind.rawValue),
                "detail": .string(candidate.detail),
                "documentation": .markdown(candidate.documentation),
                "textEdit": .members(["range": replaced.json, "newText": .string(candidate.label)]),
            ])
        }
        return .members(["isIncomplete": .bool(false), "items": .array(items)])
    }

    func candidates(at place: SchemaPlace, plugins: PluginRegistry) -> [Candidate] {
        let outline = BlockOutline(lines: lines)
        func keys(_ keys: [WorkspaceSchema.Key], _ kind: Candidate.Kind, _ detail: String) -> [Candidate] {
            keys.map { Candidate(label: $0.name, kind: kind, detail: detail, documentation: $0.documentation) }
        }
        switch (place.path.first, place.path.count, place.path.last, place.valueOf) {
        case (nil, 0, _, nil): return keys(WorkspaceSchema.topLevel, .property, "workspace key")
        case ("sources", 2, _, nil): return keys(WorkspaceSchema.sourceKinds, .keyword, "source kind")
        case ("sources", 2, _, "file"?): return dataFiles()
        case ("sources", 3, "generate"?, nil): return keys(WorkspaceSchema.generateFields, .property, "generate field")
        case ("sources", 3, "table"?, nil): return keys(WorkspaceSchema.tableFields, .property, "table field")
        case ("views", 2, _, nil): return keys(WorkspaceSchema.viewKeys, .property, "view key")
        case ("views", 3, "viewport"?, nil): return keys(WorkspaceSchema.viewportKeys, .property, "viewport side")
        case ("views", 2, _, "layout"?):
            return plugins.plugins.values.sorted { $0.name < $1.name }.map { plugin in
                Candidate(
                    label: plugin.name, kind: .module, detail: "layout \(plugin.version)",
                    documentation: plugin.hoverText)
            }
        case ("views", 2, _, "source"?):
            let names = outline.children(of: "sources").map(\.name) + (workspace?.sources.keys.sorted() ?? [])
            return names.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.map { name in
                Candidate(
                    label: name, kind: .variable, detail: "source",
                    documentation: "The source `\(name)` defined in this file.")
            }
        case ("views", 3, "options"?, nil):
            guard let plugin = plugin(ofView: place.path[1], outline: outline, plugins: plugins) else { return [] }
            if let schema = plugin.optionSchema?.node(at: []) { return optionKeys(schema, plugin) }
            return plugin.options.map { option in
                Candidate(
                    label: option, kind: .field, detail: "option of \(plugin.name)",
                    documentation: "An option of layout `\(plugin.name)` \(plugin.version).")
            }
        case ("views", 4..., _, _) where place.path[2] == "options":
            // Below an option, the layout's schema (ABI 2.3) says the keys and the enumerated values.
            guard let plugin = plugin(ofView: place.path[1], outline: outline, plugins: plugins),
                let schema = plugin.optionSchema
            else { return [] }
            let keys = place.path.dropFirst(3)
            if let valueOf = place.valueOf {
                guard let key = schema.key(at: keys + [valueOf]) else { return [] }
                return key.schema.values.map { word in
                    Candidate(
                        label: word, kind: .keyword, detail: "value of \(valueOf)", documentation: key.documentation)
                }
            }
            return schema.node(at: keys).map { optionKeys($0, plugin) } ?? []
        case ("views", 3, "options"?, let valueOf?):
            guard let plugin = plugin(ofView: place.path[1], outline: outline, plugins: plugins),
                let key = plugin.optionSchema?.key(at: [valueOf])
            else { return [] }
            return key.schema.values.map { word in
                Candidate(label: word, kind: .keyword, detail: "value of \(valueOf)", documentation: key.documentation)
            }
        default: return []
        }
    }

    /// The plugin a view names, read from the text's outline.
    private func plugin(ofView view: String, outline: BlockOutline, plugins: PluginRegistry) -> LoadedPlugin? {
        guard let entry = outline.children(of: "views").first(where: { $0.name == view }),
            let layout = outline.value(of: "layout", in: entry)
        else { return nil }
        return try? plugins.plugin(named: layout)
    }

    /// The keys of an option schema's map node, as completions.
    private func optionKeys(_ node: OptionSchema, _ plugin: LoadedPlugin) -> [Candidate] {
        node.keys.map { key in
            Candidate(
                label: key.name, kind: .field, detail: "option of \(plugin.name)", documentation: key.documentation)
        }
    }

    /// The data files in the document's folder and below (three levels, 500 files at most),
    /// by their path relative to it.
    private func dataFiles() -> [Candidate] {
        let folder = URL(fileURLWithPath: (path as NSString).deletingLastPathComponent).standardizedFileURL
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles])
        else { return [] }
        var found: [Candidate] = []
        for case let url as URL in walker where found.count < 500 {
            if walker.level > 3 { walker.skipDescendants(); continue }
            guard WorkspaceSchema.dataFileExtensions.contains(url.pathExtension.lowercased()),
                url.standardizedFileURL.path != URL(fileURLWithPath: path).standardizedFileURL.path,
                (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
            else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.path.count + 1))
            found.append(
                Candidate(
                    label: relative, kind: .file, detail: "data file",
                    documentation: "`\(relative)`, in the workspace's folder."))
        }
        return found.sorted { $0.label < $1.label }
    }
}
