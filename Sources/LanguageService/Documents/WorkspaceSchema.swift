/// The workspace file's keys, with the documentation completion and hover give for each
/// (format: README, "Workspace files").
enum WorkspaceSchema {
    /// A key and what it means.
    struct Key: Sendable {
        var name: String
        var documentation: String
    }

    static let topLevel = [
        Key(name: "workspace", documentation: "The workspace's name (default: the file name without its extension)."),
        Key(
            name: "sources",
            documentation: "Named data sources: each one of `items`, `sections`, `table`, `tree`, `generate` or `file`."
        ),
        Key(
            name: "views",
            documentation:
                "Named views: each a `layout` (a plugin) laying out a `source`, with a `viewport` and `options`."),
    ]

    static let sourceKinds = [
        Key(name: "items", documentation: "One section: a list of items (numbers, strings or mappings)."),
        Key(name: "sections", documentation: "A list of sections, each a list of items."),
        Key(
            name: "table",
            documentation: "`{columns: [titles], rows: [{title, values}]}`: one section per row, one item per column."),
        Key(
            name: "tree",
            documentation: "One root node or a list of them: mappings with a `name` and optional `children`."),
        Key(
            name: "generate",
            documentation:
                "Synthetic data, the same on every run: a grid `{sections, items, min, max, seed}` or a tree `{nodes, fanout, seed}`."
        ),
        Key(
            name: "file",
            documentation:
                "A data file inside the workspace's folder: `.yaml`, `.yml` or `.json` holding one source, or a `.csv` table."
        ),
    ]

    static let generateFields = [
        Key(name: "sections", documentation: "How many sections (default 1)."),
        Key(name: "items", documentation: "How many items in each section."),
        Key(name: "min", documentation: "The smallest value drawn (default 40)."),
        Key(name: "max", documentation: "The largest value drawn (default 120)."),
        Key(name: "seed", documentation: "The random seed (default 1): the same seed makes the same data."),
        Key(name: "nodes", documentation: "A tree of this many nodes instead of a grid."),
        Key(name: "fanout", documentation: "A generated tree's nodes have 0 to 2 × fanout children (default 3)."),
    ]

    static let tableFields = [
        Key(name: "columns", documentation: "The column titles."),
        Key(name: "rows", documentation: "The rows: each `{title, values}`, one value per column."),
    ]

    static let viewKeys = [
        Key(name: "layout", documentation: "The plugin that lays the view out, by name."),
        Key(name: "source", documentation: "The source the view shows, by name."),
        Key(name: "viewport", documentation: "The initial bounds' size, `{width, height}` (default 375 × 667)."),
        Key(name: "options", documentation: "Options passed to the layout plugin."),
        Key(
            name: "preferredSizes",
            documentation:
                "A JSON file of sizes an app measured (`preferredSizes`'s `sizes` list): `run` and `check` lay the view out with them."
        ),
    ]

    static let viewportKeys = [
        Key(name: "width", documentation: "The viewport's width, greater than 0."),
        Key(name: "height", documentation: "The viewport's height, greater than 0."),
    ]

    /// The data file extensions `file:` accepts.
    static let dataFileExtensions: Set<String> = ["yaml", "yml", "json", "csv"]
}
