import LayoutKit
import SourceDiagnostics
import YAMLReader

/// A size an app measured for one element (a self-sizing cell), from a view's
/// `preferredSizes: FILE`, with where it is written.
public struct MeasuredSize: Sendable {
    public var element: ElementID
    public var size: Size
    /// Where the entry is written in `MeasuredSizes.file`.
    public var mark: Mark
}

/// A view's `preferredSizes: FILE`: a JSON (or YAML) file holding `preferredSizes`'s `sizes`
/// list, or a map with that list under `sizes`.
public struct MeasuredSizes: Sendable {
    public var file: SourceFile
    public var sizes: [MeasuredSize]

    /// Whether both give the same elements the same sizes (wherever they are written).
    public func isSame(as other: MeasuredSizes?) -> Bool {
        guard let other else { return false }
        return sizes.map(\.element) == other.sizes.map(\.element) && sizes.map(\.size) == other.sizes.map(\.size)
    }
}

extension SourceLoader {
    /// Reads `preferredSizes: FILE` (a path inside the workspace's folder).
    ///
    /// - Throws: a located diagnostic for a missing file, bad JSON, or a bad entry.
    func loadMeasuredSizes(_ node: YAMLNode, reader: NodeReader) throws(Diagnostic) -> MeasuredSizes {
        let relative = try reader.string(node, what: "'preferredSizes'")
        let shown = directory.isEmpty || directory == "." ? relative : (directory + "/" + relative)
        let file = try workspace.readFile(
            try confined(relative, at: node, reader: reader), shownAs: shown,
            reference: (reader.file, node.mark, relative))
        let root = try workspace.yaml.parse(file)
        let fileReader = NodeReader(file: file)
        var list = root
        if root.pairs != nil {
            let top = try fileReader.mapping(root, what: "a preferred sizes file", allowed: ["sizes"])
            guard let sizes = top["sizes"] else {
                throw fileReader.error("a preferred sizes file needs 'sizes' (a list)", at: root)
            }
            list = sizes.value
        }
        var sizes: [MeasuredSize] = []
        for entry in try fileReader.list(list, what: "'sizes'") {
            let fields = try fileReader.mapping(entry, what: "a preferred size", allowed: ["element", "size"])
            guard let elementPair = fields["element"], let sizePair = fields["size"] else {
                throw fileReader.error("a preferred size needs 'element' and 'size'", at: entry)
            }
            sizes.append(
                MeasuredSize(
                    element: try element(elementPair.value, reader: fileReader),
                    size: try size(sizePair.value, reader: fileReader), mark: entry.mark))
        }
        return MeasuredSizes(file: file, sizes: sizes)
    }

    /// `{category, kind?, section, item}`.
    private func element(_ node: YAMLNode, reader: NodeReader) throws(Diagnostic) -> ElementID {
        let fields = try reader.mapping(node, what: "'element'", allowed: ["category", "kind", "section", "item"])
        guard let categoryPair = fields["category"], let sectionPair = fields["section"], let itemPair = fields["item"]
        else {
            throw reader.error("'element' needs 'category', 'section' and 'item'", at: node)
        }
        let name = try reader.string(categoryPair.value, what: "'category'")
        guard let category = ElementCategory(name: name) else {
            throw reader.error(
                "'category' must be cell, supplementary or decoration, got '\(name)'", at: categoryPair.value)
        }
        let kind = try fields["kind"].map { pair throws(Diagnostic) in try reader.string(pair.value, what: "'kind'") }
        if category != .cell && kind == nil {
            throw reader.error("'element' needs a 'kind' (\(name) views have one)", at: node)
        }
        return ElementID(
            category: category, kind: category == .cell ? nil : kind,
            path: ItemPath(
                section: try reader.integer(sectionPair.value, what: "'section'", in: 0...Int(Int32.max)),
                item: try reader.integer(itemPair.value, what: "'item'", in: 0...Int(Int32.max))))
    }

    /// `{width, height}`, each 0…1e15.
    private func size(_ node: YAMLNode, reader: NodeReader) throws(Diagnostic) -> Size {
        let fields = try reader.mapping(node, what: "'size'", allowed: ["width", "height"])
        func side(_ name: String) throws(Diagnostic) -> Double {
            guard let pair = fields[name] else { throw reader.error("'size' needs a '\(name)'", at: node) }
            return try reader.number(pair.value, what: "'size.\(name)'", rule: .nonNegative)
        }
        return Size(width: try side("width"), height: try side("height"))
    }
}
