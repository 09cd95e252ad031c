/// What a layout's options look like, at any depth, for editors: the keys of each map, what
/// each one means, and the words an enumerated value may be (ABI 2.3's `option_schema`).
///
/// A schema is a tree of nodes; a node that stands for a recursive part of the grammar (a
/// group whose subitems are groups) names a definition of the root instead of repeating it.
///
///     OptionSchema(keys: [
///         .init("scrollDirection", "Which way the view scrolls.", OptionSchema(values: ["vertical", "horizontal"])),
///     ])
///
/// Crosses the C boundary value-encoded: a map with `documentation` (string), `keys` (a list of
/// `{name, schema}` maps, in order), `values` (strings), `items` (a node: a list's elements),
/// `reference` (a definition's name) and, at the root, `definitions` (a map of nodes).
public struct OptionSchema: Hashable, Sendable, Codable {
    /// A key of a map, what it means, and the schema of its value.
    public struct Key: Hashable, Sendable, Codable {
        public var name: String
        public var documentation: String
        public var schema: OptionSchema

        public init(_ name: String, _ documentation: String, _ schema: OptionSchema = OptionSchema()) {
            self.name = name
            self.documentation = documentation
            self.schema = schema
        }
    }

    /// The keys of a map, in the order an editor offers them.
    public var keys: [Key]
    /// The words an enumerated value may be (`vertical`, `horizontal`); empty for other values.
    public var values: [String]
    /// A list's elements, as a schema of one (empty for values that are not lists).
    public var itemSchemas: [OptionSchema]
    /// The root definition this node stands for, if any.
    public var reference: String?
    /// At the root: the nodes that `reference` names.
    public var definitions: [String: OptionSchema]

    public init(
        keys: [Key] = [], values: [String] = [], items: OptionSchema? = nil, reference: String? = nil,
        definitions: [String: OptionSchema] = [:]
    ) {
        self.keys = keys
        self.values = values
        self.itemSchemas = items.map { [$0] } ?? []
        self.reference = reference
        self.definitions = definitions
    }

    /// A node standing for the root definition `name`.
    public static func reference(_ name: String) -> OptionSchema { OptionSchema(reference: name) }

    /// A list whose elements follow `items`.
    public static func list(of items: OptionSchema) -> OptionSchema { OptionSchema(items: items) }

    /// A list's elements' schema, if the node is a list.
    public var items: OptionSchema? { itemSchemas.first }

    /// The key named `name`, if the node is a map that has it.
    public func key(named name: String) -> Key? { keys.first { $0.name == name } }
}

extension OptionSchema {
    /// The value encoding of the schema (the C descriptor's `option_schema`).
    public var value: Value {
        var map: [String: Value] = [:]
        if !keys.isEmpty {
            map["keys"] = .list(
                keys.map {
                    .map([
                        "name": .string($0.name), "documentation": .string($0.documentation), "schema": $0.schema.value,
                    ])
                }
            )
        }
        if !values.isEmpty { map["values"] = .list(values.map(Value.string)) }
        if let items { map["items"] = items.value }
        if let reference { map["reference"] = .string(reference) }
        if !definitions.isEmpty { map["definitions"] = .map(definitions.mapValues(\.value)) }
        return .map(map)
    }

    /// Reads a schema a plugin encoded; nil for anything that is not one, or deeper than
    /// `depth` nodes (a guest's bytes may say anything).
    public init?(value: Value, depth: Int = 64) {
        guard depth > 0, case .map(let map) = value,
            map.keys.allSatisfy(["keys", "values", "items", "reference", "definitions"].contains)
        else { return nil }
        var keys: [Key] = []
        for entry in map["keys"]?.list ?? [] {
            guard let name = entry["name"]?.string,
                let schema = entry["schema"].flatMap({ OptionSchema(value: $0, depth: depth - 1) })
            else { return nil }
            keys.append(Key(name, entry["documentation"]?.string ?? "", schema))
        }
        if map["keys"] != nil, map["keys"]?.list == nil { return nil }
        let values = (map["values"]?.list ?? []).compactMap(\.string)
        guard values.count == (map["values"]?.list?.count ?? 0) else { return nil }
        var items: OptionSchema?
        if let encoded = map["items"] {
            guard let decoded = OptionSchema(value: encoded, depth: depth - 1) else { return nil }
            items = decoded
        }
        var definitions: [String: OptionSchema] = [:]
        for (name, encoded) in map["definitions"]?.map ?? [:] {
            guard let decoded = OptionSchema(value: encoded, depth: depth - 1) else { return nil }
            definitions[name] = decoded
        }
        self.init(
            keys: keys, values: values, items: items, reference: map["reference"]?.string, definitions: definitions)
    }
}
