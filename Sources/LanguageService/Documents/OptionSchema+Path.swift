import LayoutKit

extension OptionSchema {
    /// The map node the keys `path` lead to from this root — list levels are transparent (a
    /// cursor's path names keys only) and references resolved —; nil where the path leaves the
    /// schema. O(path × keys).
    func node(at path: some Collection<String>) -> OptionSchema? {
        var node = entered(self)
        for key in path {
            guard let found = node.key(named: key) else { return nil }
            node = entered(found.schema)
        }
        return node
    }

    /// The key the last of `path` names, with its value's schema resolved, from this root.
    func key(at path: some BidirectionalCollection<String>) -> Key? {
        guard let last = path.last, let found = node(at: path.dropLast())?.key(named: last) else { return nil }
        return Key(found.name, found.documentation, entered(found.schema))
    }

    /// `node` with references looked up in this root's definitions and lists entered, until a
    /// node with keys or values (bounded: a guest's schema may loop).
    private func entered(_ node: OptionSchema) -> OptionSchema {
        var node = node
        for _ in 0..<32 {
            if let reference = node.reference, let definition = definitions[reference] {
                node = definition
            } else if node.keys.isEmpty, node.values.isEmpty, let items = node.items {
                node = items
            } else {
                break
            }
        }
        return node
    }
}
