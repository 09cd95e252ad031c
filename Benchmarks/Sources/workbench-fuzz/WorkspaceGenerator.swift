/// Structure-aware workspaces: sources of every shape, views of all seven layouts (and a
/// missing one) with random options and viewports, numbers at the edges, and sometimes
/// mutated bytes. Small by default, so that thousands run in minutes.
struct WorkspaceGenerator {
    /// A workspace file and the data files it names (relative path → bytes).
    struct Workspace {
        var text: [UInt8]
        var files: [String: [UInt8]] = [:]
    }

    static let layouts = ["circles", "tree", "mark-sheet", "guide", "waterfall", "flow", "compositional"]
    static let options: [String: [String]] = [
        "circles": ["insets", "step", "spacing", "predecessors"],
        "tree": ["itemSize", "insets"],
        "mark-sheet": ["rowHeaderWidth", "rowHeight", "columnHeaderHeight", "separatorHeight"],
        "guide": ["cellSize", "snapInterval", "durationField", "durationUnit"],
        "waterfall": ["columns", "spacing", "insets", "headerHeight", "order"],
        "flow": [
            "itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset", "headerReferenceSize",
            "footerReferenceSize", "scrollDirection", "sectionHeadersPinToVisibleBounds",
            "sectionFootersPinToVisibleBounds", "estimatedItemSize", "displayScale",
        ],
    ]

    var random: FuzzRandom
    /// The folder (relative to the workspace file) its data files go in.
    var dataFolder = "data"

    /// How often a number is an edge case; drawn per workspace, so that most workspaces load
    /// (and reach the layouts) while some are hostile throughout.
    var edgeRate = 0.1
    /// Whether some workspaces get a `workspace:` name (the server names them itself).
    var namesWorkspaces = true
    /// How many views the last workspace has (v0, v1, …).
    private(set) var viewCount = 0

    mutating func workspace() -> Workspace {
        edgeRate = random.pick([0.0, 0.0, 0.02, 0.05, 0.2, 0.6])
        var result = Workspace(text: [])
        var yaml = namesWorkspaces && random.chance(0.3) ? "workspace: w\(random.int(0...3))\n" : ""
        var shapes: [String] = []
        yaml += "sources:\n"
        for index in 0..<random.int(1...3) {
            let (shape, text) = source(index, &result.files)
            shapes.append(shape)
            yaml += "  s\(index): \(text)\n"
        }
        yaml += "views:\n"
        viewCount = random.int(namesWorkspaces ? 0...4 : 1...4)
        for index in 0..<viewCount {
            let source = random.chance(0.97) ? random.int(0...(shapes.count - 1)) : shapes.count
            var layout = random.pick(Self.layouts)
            if source < shapes.count, random.chance(0.8), let fitting = Self.layoutFor[shapes[source]] {
                layout = fitting
            }
            if random.chance(0.02) { layout = "nope" }
            yaml += "  v\(index): {layout: \(layout), source: s\(source)"
            if random.chance(0.5) { yaml += ", viewport: {width: \(size()), height: \(size())}" }
            if random.chance(0.7) { yaml += ", options: \(options(for: layout))" }
            yaml += "}\n"
        }
        result.text = Array(yaml.utf8)
        if edgeRate > 0, random.chance(0.15) { result.text = ByteMutator.mutate(result.text, &random) }
        return result
    }

    /// The layout made for each source shape.
    static let layoutFor = [
        "items": "circles", "sections": "guide", "tree": "tree", "table": "mark-sheet", "file": "mark-sheet",
    ]

    private mutating func size() -> String {
        random.chance(edgeRate) ? EdgeNumbers.yaml(&random) : String(random.int(200...1200))
    }

    private mutating func number() -> String {
        random.chance(edgeRate) ? EdgeNumbers.yaml(&random) : String(random.int(1...150))
    }

    /// An item: mostly numbers, sometimes maps with a size or a duration, strings, nulls, lists.
    private mutating func item() -> String {
        switch random.int(0...9) {
        case 0...5: return random.chance(0.7) ? String(random.int(1...150)) : number()
        case 6:
            return random.chance(0.5)
                ? "{size: \(number()), len: \(number())}" : "{width: \(number()), height: \(number())}"
        case 7: return random.pick(["x", "\"7:00\"", "null", "true", "~"])
        case 8: return "[\(number()), \(number())]"
        default: return "{len: \(random.int(1...90))}"
        }
    }

    private mutating func list(_ count: Int) -> String {
        "[" + (0..<count).map { _ in item() }.joined(separator: ", ") + "]"
    }

    /// A source of a random shape, and the shape.
    private mutating func source(_ index: Int, _ files: inout [String: [UInt8]]) -> (String, String) {
        switch random.int(0...7) {
        case 0: return ("items", "{items: \(list(random.int(0...12)))}")
        case 1:
            return (
                "sections",
                "{sections: [" + (0..<random.int(0...5)).map { _ in list(random.int(0...6)) }.joined(separator: ", ")
                    + "]}"
            )
        case 2: return ("tree", "{tree: \(tree(depth: 0))}")
        case 3:
            let columns = random.int(0...4)
            let rows = (0..<random.int(0...4)).map { row in
                "{title: r\(row), values: \(list(random.chance(0.95) ? columns : random.int(0...5)))}"
            }
            return (
                "table",
                "{table: {columns: [" + (0..<columns).map { "c\($0)" }.joined(separator: ", ") + "], rows: ["
                    + rows.joined(separator: ", ") + "]}}"
            )
        case 4, 5:
            let (shape, fields) = generate()
            return (shape, "{generate: \(fields)}")
        default: return ("file", "{file: \(dataFile(index, &files))}")
        }
    }

    private mutating func tree(depth: Int) -> String {
        let children = depth < 4 ? random.int(0...3) : 0
        var node = "{name: n\(random.int(0...99))"
        if random.chance(0.2) { node += ", weight: \(number())" }
        if children > 0 {
            node += ", children: [" + (0..<children).map { _ in tree(depth: depth + 1) }.joined(separator: ", ") + "]"
        }
        return node + "}"
    }

    /// `generate` fields, and the shape they make.
    private mutating func generate() -> (String, String) {
        let edgeRate = self.edgeRate
        func count(_ random: inout FuzzRandom) -> String {
            random.chance(edgeRate) ? EdgeNumbers.yaml(&random) : String(random.int(0...60))
        }
        if random.chance(0.35) {
            var fields = "nodes: \(count(&random))"
            if random.chance(0.5) {
                fields += ", fanout: \(random.chance(edgeRate) ? number() : String(random.int(0...4)))"
            }
            if random.chance(0.3) { fields += ", seed: \(number())" }
            return ("tree", "{\(fields)}")
        }
        var fields = "items: \(count(&random))"
        let hasSections = random.chance(0.6)
        if hasSections { fields = "sections: \(count(&random)), " + fields }
        if random.chance(0.3) { fields += ", min: \(random.int(0...40))" }
        if random.chance(0.3) {
            fields += ", max: \(random.chance(edgeRate) ? number() : String(random.int(40...300)))"
        }
        if random.chance(0.3) { fields += ", seed: \(number())" }
        return (hasSections ? random.pick(["sections", "table"]) : "items", "{\(fields)}")
    }

    /// A data file of every kind: CSV (sometimes empty, ragged or with huge numbers), YAML and
    /// JSON of one source shape, bytes that are not UTF-8, or a name that does not exist.
    private mutating func dataFile(_ index: Int, _ files: inout [String: [UInt8]]) -> String {
        switch random.chance(edgeRate) ? random.int(0...5) : random.int(0...3) {
        case 0, 1:
            var csv = random.chance(edgeRate / 2) ? "" : "name,a,b\n"
            for row in 0..<random.int(0...4) {
                csv += "r\(row),\(number()),\(random.chance(edgeRate) ? "1,2" : number())\n"
            }
            files["\(dataFolder)/d\(index).csv"] = Array(csv.utf8)
        case 2: files["\(dataFolder)/d\(index).yaml"] = Array("items: \(list(random.int(0...6)))\n".utf8)
        case 3:
            files["\(dataFolder)/d\(index).json"] = Array(
                "{\"sections\": [[1, 2], [\(EdgeNumbers.json(&random))]]}".utf8)
        case 4: files["\(dataFolder)/d\(index).csv"] = Array("name,a\nr,".utf8) + [0xFF, 0xFE] + Array("\n".utf8)
        default: return random.pick(["missing.csv", "../outside.csv", "d.txt"])
        }
        return files.keys.first { $0.hasPrefix("\(dataFolder)/d\(index).") } ?? "missing.csv"
    }

    private mutating func options(for layout: String) -> String {
        if layout == "compositional" {
            var description = CompositionalDescription(random: random, edgeRate: edgeRate)
            defer { random = description.random }
            return description.options()
        }
        var keys = Self.options[layout] ?? ["step"]
        if random.chance(edgeRate / 4) { keys.append("bogus") }
        let chosen = keys.filter { _ in random.chance(0.5) }
        return "{" + chosen.map { "\($0): \(optionValue($0))" }.joined(separator: ", ") + "}"
    }

    private mutating func optionValue(_ key: String) -> String {
        switch key {
        case "insets":
            return random.chance(0.5)
                ? number() : "{top: \(number()), left: \(number()), bottom: \(number()), right: \(number())}"
        case "itemSize", "cellSize", "headerReferenceSize", "footerReferenceSize", "estimatedItemSize":
            return random.chance(0.1) ? number() : "{width: \(number()), height: \(number())}"
        case "sectionInset":
            return random.chance(0.5)
                ? number() : "{top: \(number()), left: \(number()), bottom: \(number()), right: \(number())}"
        case "scrollDirection":
            return random.chance(edgeRate) ? random.pick(["diagonal", "3"]) : random.pick(["vertical", "horizontal"])
        case "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds":
            return random.chance(edgeRate) ? number() : random.pick(["true", "false"])
        case "displayScale": return random.chance(edgeRate) ? number() : random.pick(["0", "1", "2", "3"])
        case "durationField": return random.chance(edgeRate) ? random.pick(["size", "3", "[1]"]) : "len"
        case "order":
            return random.chance(edgeRate)
                ? random.pick(["random", "3"]) : random.pick(["shortestColumn", "roundRobin"])
        case "columns": return random.chance(edgeRate) ? number() : String(random.int(1...8))
        default: return random.chance(edgeRate) ? number() : String(random.int(1...60))
        }
    }
}
