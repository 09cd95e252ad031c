import LayoutKit

/// A plugin's descriptor as plain values: what a child process that loaded the library tells
/// a parent that does not (`PluginDescriber`), so discovery never runs a guest's code in the
/// workbench.
public struct PluginDescription: Codable, Equatable, Sendable {
    public struct Kind: Codable, Equatable, Sendable {
        public var name: String
        public var category: ElementCategory
    }

    public var name: String
    public var version: String
    public var summary: String
    public var kinds: [Kind]
    public var options: [String]
    /// ABI 2.2's `flips_horizontally`: the host mirrors the layout in right-to-left views.
    public var flipsHorizontally: Bool
    /// ABI 2.3's `option_schema`: the options at any depth, for editors.
    public var optionSchema: OptionSchema?
    /// `cell_shape`: how pictures draw the cells.
    public var cellShape: CellShape

    public init(
        name: String, version: String, summary: String, kinds: [Kind], options: [String],
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

    /// Reads a description; one without `flipsHorizontally` does not flip, one without `optionSchema` has none,
    /// one without `cellShape` has rectangular cells.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            version: try container.decode(String.self, forKey: .version),
            summary: try container.decode(String.self, forKey: .summary),
            kinds: try container.decode([Kind].self, forKey: .kinds),
            options: try container.decode([String].self, forKey: .options),
            flipsHorizontally: try container.decodeIfPresent(Bool.self, forKey: .flipsHorizontally) ?? false,
            optionSchema: try container.decodeIfPresent(OptionSchema.self, forKey: .optionSchema),
            cellShape: try container.decodeIfPresent(CellShape.self, forKey: .cellShape) ?? .rectangle)
    }
}

extension PluginDescription {
    /// What is wrong with a description that no descriptor passing `LoadedPlugin`'s checks
    /// could produce (a child process is a guest too: it may say anything), or nil.
    public var problem: String? {
        if name.isEmpty { return "no name" }
        if kinds.count >= 1024 || options.count >= 1024 { return "\(kinds.count) kinds and \(options.count) options" }
        if let kind = kinds.first(where: { $0.name.isEmpty || $0.category == .cell }) {
            return "kind '\(kind.name)' has no name or is not supplementary/decoration"
        }
        return nil
    }
}
