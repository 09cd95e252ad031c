import LayoutKit

/// Reads the options into a `CompositionalDescription`, checking every rule of the grammar and
/// the number rules (contract §2); errors name the option by its path below `options`.
///
/// O(size of the options): every map, list and number is visited once.
struct DescriptionReader {
    /// Groups may nest this deep (the section's own group is depth 1).
    static let maximumDepth = 16
    /// The ABI's limits on a layout's own kinds (`WB_INSTANCE_KIND_LIMIT`, `…_NAME_LIMIT`).
    static let maximumKinds = 256
    static let maximumKindBytes = 200

    /// The scroll direction, which decides the alignments boundary items may name.
    var scrollDirection = CompositionalDescription.ScrollDirection.vertical
    /// Every kind read so far: its category and where it was first named.
    private var kinds: [String: (category: ElementCategory, path: String)] = [:]
    /// The badge kinds of the section being read, with their paths, in reading order.
    var sectionBadgeKinds: [(kind: String, path: String)] = []

    /// Reads and checks a view's options.
    ///
    /// - Throws: `LayoutError.option` naming the first option at fault.
    static func description(from options: Options) throws(LayoutError) -> CompositionalDescription {
        var reader = DescriptionReader()
        return try reader.read(OptionMap(options: options.values))
    }

    private mutating func read(_ options: OptionMap) throws(LayoutError) -> CompositionalDescription {
        try options.rejectUnknownKeys(allowed: ["sections", "configuration"])
        let sectionsValue = try options.required("sections", "a non-empty list of sections")
        var description = CompositionalDescription(sections: [])
        if let configuration = options.values["configuration"] {
            let map = try OptionMap(
                configuration, path: "configuration", what: "a map with scrollDirection and interSectionSpacing")
            try map.rejectUnknownKeys(allowed: ["scrollDirection", "interSectionSpacing"])
            let names = CompositionalDescription.ScrollDirection.allCases.map(\.rawValue)
            let direction = try map.name("scrollDirection", in: names, default: "vertical")
            description.scrollDirection = CompositionalDescription.ScrollDirection(rawValue: direction)!
            description.interSectionSpacing = try map.number(
                "interSectionSpacing", rule: .nonNegative, default: 0)
        }
        scrollDirection = description.scrollDirection
        guard case .list(let sections) = sectionsValue, !sections.isEmpty else {
            throw .option(
                field: "sections", message: "expected a non-empty list of sections, got \(Self.describe(sectionsValue))"
            )
        }
        for (index, value) in sections.enumerated() {
            description.sections.append(try section(value, path: "sections[\(index)]"))
        }
        return description
    }

    /// "an empty list", or the value's kind.
    static func describe(_ value: Value) -> String {
        if case .list(let list) = value, list.isEmpty { return "an empty list" }
        return value.kindDescription
    }

    /// Records a kind of `category` named at `path`: one category per kind across the whole
    /// description, at most `maximumKinds` kinds.
    mutating func record(kind: String, _ category: ElementCategory, path: String) throws(LayoutError) {
        if let known = kinds[kind] {
            guard known.category == category else {
                throw .option(
                    field: path,
                    message: "kind '\(kind)' is a \(category.name) kind here but a \(known.category.name) kind at "
                        + "\(known.path); a kind is either supplementary (boundary items, badges) or decoration")
            }
            return
        }
        guard kinds.count < Self.maximumKinds else {
            throw .option(field: path, message: "more than \(Self.maximumKinds) different kinds in one layout")
        }
        kinds[kind] = (category, path)
    }

    /// The kinds the description names, supplementary then decoration, each by name.
    static func elementKinds(of description: CompositionalDescription) -> [ElementKind] {
        var supplementary: Set<String> = [], decoration: Set<String> = []
        for section in description.sections {
            for item in section.boundaryItems { supplementary.insert(item.kind) }
            for badge in section.group.allBadges { supplementary.insert(badge.kind) }
            for item in section.decorationItems { decoration.insert(item.kind) }
        }
        return KindOrder.sorted(supplementary).map { ElementKind($0, .supplementary) }
            + KindOrder.sorted(decoration).map { ElementKind($0, .decoration) }
    }
}
