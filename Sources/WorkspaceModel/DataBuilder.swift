import LayoutKit
import SeededRandom
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
    ///
    /// Everything that will be allocated is counted before anything is: a layout makes at most
    /// two elements per item (a cell, and a column header or a connector) and two per section
    /// (a row header and a separator), so a grid costs 2 · (sections + sections · items) and a
    /// tree 2 · nodes; the cost may not exceed `limit`.
    mutating func addGenerated(_ node: YAMLNode, limit: Int) throws(Diagnostic) {
        let fields = try reader.mapping(
            node, what: "'generate'", allowed: ["sections", "items", "min", "max", "seed", "nodes", "fanout"])
        func whole(_ key: String, _ fallback: Int?, in range: ClosedRange<Int>) throws(Diagnostic) -> Int {
            guard let pair = fields[key] else {
                guard let fallback else { throw reader.error("'generate' needs '\(key)'", at: node) }
                return fallback
            }
            return try reader.integer(pair.value, what: "'generate.\(key)'", in: range)
        }
        // Seeds and values: whole numbers a Double holds exactly.
        let exact = 0...(1 << 53)
        var random = SplitMix64(seed: UInt64(try whole("seed", 1, in: exact)))
        if fields["nodes"] != nil {
            for grid in ["sections", "items", "min", "max"] {
                if let pair = fields[grid] {
                    throw reader.error(
                        "'generate' makes either a grid (sections, items) or a tree (nodes); '\(grid)' does not go with 'nodes'",
                        at: pair.key)
                }
            }
            let nodes = try whole("nodes", nil, in: 0...(limit / 2)), fanout = try whole("fanout", 3, in: 0...1_000_000)
            addGeneratedTree(nodes: nodes, maximumChildren: UInt64(2 * fanout), random: &random)
            return
        }
        let sections = try whole("sections", 1, in: 0...(limit / 2)),
            items = try whole("items", nil, in: 0...(limit / 2))
        // Both are at most limit / 2, so the product cannot overflow.
        let cost = 2 * (sections + sections * items)
        guard cost <= limit else {
            throw reader.error(
                "'generate' asks for \(sections) sections of \(items) items, which a layout may turn into "
                    + "\(cost) elements; the limit is \(limit) (2 per item and 2 per section)", at: node)
        }
        let low = try whole("min", 40, in: exact), high = try whole("max", 120, in: exact)
        guard low <= high else {
            throw reader.error(
                "'generate.min' (\(low)) must not exceed 'generate.max' (\(high))",
                at: (fields["max"] ?? fields["min"])?.value ?? node)
        }
        let span = UInt64(high - low) + 1
        // Room for every item at once (a number is 9 encoded bytes): growing by doubling would
        // copy the arrays again and again (a million items: tens of megabytes).
        builder.reserveCapacity(items: sections * items, bytes: sections * items * 9)
        for _ in 0..<sections {
            for _ in 0..<items { builder.appendNumber(Double(low) + Double(random.next() % span)) }
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
