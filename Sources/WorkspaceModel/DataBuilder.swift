import LayoutKit
import SourceDiagnostics
import YAMLReader

/// Builds a source's `DataSet` from YAML nodes, remembering where each item is written.
struct DataBuilder {
    let reader: NodeReader
    var builder = DataSetBuilder()
    var marks: [Mark] = []

    init(reader: NodeReader) {
        self.reader = reader
    }

    /// A list of items as one section.
    mutating func addSection(_ node: YAMLNode, what: String) throws(Diagnostic) {
        for item in try reader.list(node, what: what) {
            builder.append(try reader.value(item))
            marks.append(item.mark)
        }
        builder.endSection()
    }

    /// `generate:` synthetic data, the same on every run (a seeded SplitMix64):
    /// `{sections, items, min?, max?, seed?}` whole numbers drawn from [min, max]
    /// (default 40...120); or `{nodes, fanout?, seed?}` a tree of that many nodes, each with
    /// 0...2·fanout children (default fanout 3), named "Node 0", "Node 1", … breadth first.
    mutating func addGenerated(_ node: YAMLNode, limit: Int) throws(Diagnostic) {
        let fields = try reader.mapping(node, what: "'generate'", allowed: ["sections", "items", "min", "max", "seed", "nodes", "fanout"])
        func whole(_ key: String, _ fallback: Double?) throws(Diagnostic) -> Double {
            guard let pair = fields[key] else {
                guard let fallback else { throw reader.error("'generate' needs '\(key)'", at: node) }
                return fallback
            }
            return try reader.number(pair.value, what: "'generate.\(key)'", minimum: 0, whole: true)
        }
        var random = SplitMix64(seed: UInt64(try whole("seed", 1)))
        if fields["nodes"] != nil {
            if let grid = ["sections", "items", "min", "max"].first(where: { fields[$0] != nil }) {
                throw reader.error("'generate' makes either a grid (sections, items) or a tree (nodes); '\(grid)' does not go with 'nodes'", at: fields[grid]!.key)
            }
            let nodes = try whole("nodes", nil), fanout = try whole("fanout", 3)
            guard nodes <= Double(limit) else { throw reader.error("'generate' asks for \(Int(nodes)) nodes; the limit is \(limit)", at: node) }
            addGeneratedTree(nodes: Int(nodes), maximumChildren: UInt64(2 * fanout), random: &random)
            return
        }
        let sections = try whole("sections", 1), items = try whole("items", nil)
        let low = try whole("min", 40), high = try whole("max", 120)
        guard sections * items <= Double(limit) else {
            throw reader.error("'generate' asks for \(Int(sections)) × \(Int(items)) items; the limit is \(limit)", at: node)
        }
        guard low <= high else { throw reader.error("'generate.min' must not exceed 'generate.max'", at: fields["min"]!.value) }
        let span = UInt64(high - low) + 1
        for _ in 0..<Int(sections) {
            for _ in 0..<Int(items) { builder.appendNumber(low + Double(random.next() % span)) }
            builder.endSection()
        }
    }

    /// A random tree, level by level; a level that would end the tree early gets one child.
    private mutating func addGeneratedTree(nodes: Int, maximumChildren: UInt64, random: inout SplitMix64) {
        builder = DataSetBuilder(isTree: true)
        guard nodes > 0 else { return }
        var levelSize = 1, made = 1
        while levelSize > 0 {
            var childCounts = (0..<levelSize).map { _ in Int(random.next() % (maximumChildren + 1)) }
            if childCounts.allSatisfy({ $0 == 0 }) { childCounts[levelSize - 1] = 1 }
            let levelEnd = builder.itemCount + levelSize
            for count in childCounts {
                let given = min(count, nodes - made)
                builder.append(["name": .string("Node \(builder.itemCount)")], children: Array(made..<(made + given)))
                made += given
            }
            builder.endSection()
            levelSize = made - levelEnd
        }
    }
}

/// SplitMix64: small, fast, and the same sequence everywhere.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
