import LayoutKit
import SourceDiagnostics
import YAMLReader

/// A loaded, validated workspace file: named data sources bound to named views.
public struct Workspace: Sendable {
    /// `workspace:` or, by default, the file name without its extension.
    public var name: String
    /// The workspace file itself, for locating errors.
    public var file: SourceFile
    /// The folder relative paths resolve against (and may not leave).
    public var directory: String
    public var sources: [String: LoadedSource]
    /// In the order the file lists them.
    public var views: [ViewDefinition]

    public init(
        name: String, file: SourceFile, directory: String, sources: [String: LoadedSource], views: [ViewDefinition]
    ) {
        self.name = name
        self.file = file
        self.directory = directory
        self.sources = sources
        self.views = views
    }

    /// The view named `name`, if any.
    public func view(named name: String) -> ViewDefinition? {
        views.first { $0.name == name }
    }
}

/// A view: which layout lays out which source, in what viewport, with what options.
public struct ViewDefinition: Sendable {
    public var name: String
    /// The plugin name, e.g. "circles".
    public var layout: String
    public var source: String
    /// The initial bounds' size; the origin is (0, 0). Default 375 × 667.
    public var viewport: Size
    /// The `options:` map as values, passed to the plugin.
    public var options: [String: Value]
    /// The `options:` node, to locate option errors the plugin reports.
    public var optionsNode: YAMLNode?
    /// Where the view's name, and its `layout:` value, are written.
    public var mark: Mark
    public var layoutMark: Mark
    /// `preferredSizes: FILE`: sizes an app measured, laid out with by `run` and `check`.
    public var measuredSizes: MeasuredSizes?
    /// `direction:` `leftToRight` (the default) or `rightToLeft`.
    public var direction: LayoutDirection = .leftToRight
    /// Where `viewport:` is written, if it is.
    public var viewportMark: Mark?

    /// The sizes a view's frame may take, in points, on either side: the workspace's `viewport`
    /// and the bounds a client sets (`invalidate {bounds}`, the preview's Width and Height).
    public static let frameSizes: ClosedRange<Double> = 1...10_000

    /// The initial bounds: origin (0, 0) and the viewport's size.
    public var bounds: Rect { Rect(origin: .zero, size: viewport) }

    /// Where an option is written — a dotted path with list indices, e.g. "insets.top" or
    /// "sections[0].group.horizontal.size.height" — or, for a path the file does not hold
    /// whole (a missing key), its deepest part that it does; the options' start at worst.
    public func mark(ofOption path: String) -> Mark {
        var node = optionsNode
        var mark = optionsNode?.mark ?? layoutMark
        for step in Self.steps(of: path) {
            switch step {
            case .key(let key):
                guard let pair = node?.pairs?.first(where: { $0.key.scalarText == key }) else { return mark }
                mark = pair.key.mark
                node = pair.value
            case .index(let index):
                guard let elements = node?.elements, index < elements.count else { return mark }
                node = elements[index]
                mark = elements[index].mark
            }
        }
        return mark
    }

    /// One step of an option path: a map's key or a list's index.
    enum PathStep: Equatable {
        case key(String)
        case index(Int)
    }

    /// "a.b[2][0].c" as `a`, `b`, 2, 0, `c`; text that is not an index stays part of the key.
    static func steps(of path: String) -> [PathStep] {
        var steps: [PathStep] = []
        for component in path.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(component)
            var indices: [Int] = []
            while rest.hasSuffix("]"), let open = rest.lastIndex(of: "["),
                let index = Int(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]), index >= 0
            {
                indices.insert(index, at: 0)
                rest = rest[..<open]
            }
            if !rest.isEmpty { steps.append(.key(String(rest))) }
            steps += indices.map(PathStep.index)
        }
        return steps
    }
}

/// A data source, loaded: its data, and where each item came from.
public struct LoadedSource: Sendable {
    public var name: String
    public var data: DataSet
    /// The file the items are written in (the workspace, or a `file:` data file).
    public var file: SourceFile
    /// Where the source is defined in the workspace.
    public var mark: Mark
    /// Where each item is written, by global index; empty for generated data.
    public var itemMarks: [Mark]

    /// Where an item is written, or the source's definition for generated data.
    public func location(of item: ItemPath?) -> (file: SourceFile, mark: Mark)? {
        guard let item, item.section >= 0, item.section < data.source.numberOfSections,
            item.item >= 0, item.item < data.source.numberOfItems(inSection: item.section)
        else { return nil }
        let index = data.source.globalIndex(of: item)
        return index < itemMarks.count ? (file, itemMarks[index]) : nil
    }
}
