import LayoutKit
import SourceDiagnostics
import YAMLReader

extension DataBuilder {
    /// `tree:` one root node or a list of them; each node a mapping with a `name`, optional
    /// `children` (a list of nodes) and any other fields.
    ///
    /// Section d holds the nodes at depth d, children grouped by parent in parent order; an
    /// item's value is its node without `children`. O(nodes), breadth first, no recursion.
    mutating func addTree(_ node: YAMLNode) throws(Diagnostic) {
        builder = DataSetBuilder(isTree: true)
        var level = node.elements ?? [node]
        if level.isEmpty { throw reader.error("'tree' needs at least one node", at: node) }
        var levelStart = 0
        while !level.isEmpty {
            var next: [YAMLNode] = []
            let nextStart = levelStart + level.count
            for treeNode in level {
                guard let pairs = treeNode.pairs else {
                    throw reader.error(
                        "a tree node must be a mapping with a 'name', got \(treeNode.kindDescription)", at: treeNode)
                }
                guard let namePair = pairs.first(where: { $0.key.scalarText == "name" }) else {
                    throw reader.error("a tree node needs a 'name'", at: treeNode)
                }
                _ = try reader.text(namePair.value, what: "a node's 'name'")
                var children: [YAMLNode] = []
                if let childrenNode = pairs.first(where: { $0.key.scalarText == "children" })?.value,
                    childrenNode.resolvedScalar != .null
                {
                    children = try reader.list(childrenNode, what: "'children'")
                }
                let firstChild = nextStart + next.count
                next.append(contentsOf: children)
                var fields: [String: Value] = [:]
                for pair in pairs where pair.key.scalarText != "children" {
                    fields[try reader.text(pair.key, what: "a node's field name")] = try reader.value(pair.value)
                }
                builder.append(.map(fields), children: Array(firstChild..<(firstChild + children.count)))
                marks.append(treeNode.mark)
            }
            builder.endSection()
            level = next
            levelStart = nextStart
        }
    }
}
