/// A layout type a plugin exports: its description and how to make one from options.
///
/// Export it from the plugin's dynamic library with one entry point:
///
///     @_cdecl("workbench_plugin_descriptor")
///     public func workbenchPluginDescriptor() -> UnsafeRawPointer { descriptor.pointer }
///     private let descriptor = PluginExport.descriptor(for: MyLayout.self)
public protocol LayoutPlugin: Layout {
    /// Name, version, element kinds and options.
    static var info: PluginInfo { get }

    /// Makes a layout, validating the view's options.
    ///
    /// - Throws: `LayoutError.option` naming the offending option.
    init(options: Options) throws(LayoutError)
}

/// What a plugin tells the host about its layout.
public struct PluginInfo: Sendable {
    /// The name workspaces use in `layout:`.
    public var name: String
    public var version: String
    /// One line for `workbench plugins`.
    public var summary: String
    /// The supplementary and decoration kinds the layout produces.
    public var kinds: [ElementKind]
    /// The options the layout reads.
    public var options: [String]
    /// Whether the host mirrors the layout in right-to-left views (UIKit's
    /// `flipsHorizontallyInOppositeLayoutDirection`): the layout then always lays out left to right.
    public var flipsHorizontally: Bool
    /// What the options look like at any depth, for editors (ABI 2.3); nil: only their names.
    public var optionSchema: OptionSchema?
    /// How pictures (the preview, `run --svg`) draw the cells: their frames, or round in them.
    public var cellShape: CellShape

    public init(
        name: String, version: String, summary: String, kinds: [ElementKind] = [], options: [String] = [],
        flipsHorizontally: Bool = false, optionSchema: OptionSchema? = nil, cellShape: CellShape = .rectangle
    ) {
        self.name = name
        self.version = version
        self.summary = summary
        self.kinds = kinds
        self.options = options
        self.flipsHorizontally = flipsHorizontally
        self.optionSchema = optionSchema
        self.cellShape = cellShape
    }
}

/// How a layout's cells are drawn in pictures: a declaration of the plugin, not of its frames.
public enum CellShape: String, Codable, Sendable {
    /// The cell fills its frame.
    case rectangle
    /// The ellipse inscribed in the cell's frame (circles).
    case round
}

/// A named kind of supplementary or decoration view.
public struct ElementKind: Hashable, Sendable {
    public var name: String
    public var category: ElementCategory

    public init(_ name: String, _ category: ElementCategory) {
        self.name = name
        self.category = category
    }
}
