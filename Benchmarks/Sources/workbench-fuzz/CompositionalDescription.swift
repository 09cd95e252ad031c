/// Random `compositional` descriptions (shared/contracts/compositional.md, §2): sections of
/// nested groups with every kind of dimension, spacing, inset, boundary item, badge and
/// background, at the edges of every rule now and then (a misspelt key, a fraction that fits
/// nothing, a `count` out of range, groups nested past 16), in YAML flow style.
struct CompositionalDescription {
    var random: FuzzRandom
    /// How often a value is hostile (an edge number, a wrong word, a bogus key).
    var edgeRate: Double

    /// The `options` map.
    mutating func options() -> String {
        var fields: [String] = []
        if random.chance(0.4) {
            fields.append(
                "configuration: {scrollDirection: \(pick(["vertical", "horizontal"], bad: "diagonal")), "
                    + "interSectionSpacing: \(spacing())}")
        }
        if !random.chance(edgeRate / 2) {
            fields.append("sections: [" + (0..<random.int(1...3)).map { _ in section() }.joined(separator: ", ") + "]")
        }
        if random.chance(edgeRate / 4) { fields.append("sectionz: []") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    private mutating func section() -> String {
        var fields = ["group: \(group(depth: 1, allowsEdges: false))"]
        if random.chance(0.3) { fields.append("interGroupSpacing: \(spacing())") }
        if random.chance(0.3) { fields.append("contentInsets: \(insets())") }
        if random.chance(0.3) {
            fields.append(
                "orthogonalScrollingBehavior: "
                    + pick(
                        [
                            "none", "continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging",
                            "groupPagingCentered",
                        ],
                        bad: "sideways"))
        }
        if random.chance(0.2) { fields.append("supplementariesFollowContentInsets: \(random.chance(0.5))") }
        if random.chance(0.4) {
            fields.append(
                "boundarySupplementaryItems: ["
                    + (0..<random.int(1...2)).map { _ in boundary() }.joined(separator: ", ")
                    + "]")
        }
        if random.chance(0.3) {
            fields.append(
                "decorationItems: [{kind: \(kind()), contentInsets: \(insets()), zIndex: \(random.int(-2...2))}]")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    private mutating func group(depth: Int, allowsEdges: Bool) -> String {
        var fields = ["size: \(size())"]
        let mode = random.int(0...2)
        switch mode {
        case 0:
            fields.append(
                "subitems: [" + (0..<random.int(1...3)).map { _ in child(depth: depth) }.joined(separator: ", ") + "]")
        case 1: fields.append("subitem: \(child(depth: depth)), count: \(count())")
        default: fields.append("repeatingSubitem: \(child(depth: depth)), count: \(count())")
        }
        if random.chance(0.4) { fields.append("interItemSpacing: \(spacingRule())") }
        if random.chance(0.3) { fields.append("contentInsets: \(insets())") }
        if allowsEdges || random.chance(edgeRate / 4), random.chance(0.3) {
            fields.append("edgeSpacing: \(edgeSpacing())")
        }
        return "{\(pick(["horizontal", "vertical"], bad: "diagonal")): {" + fields.joined(separator: ", ") + "}}"
    }

    private mutating func child(depth: Int) -> String {
        let deeper = depth < 3 || random.chance(edgeRate / 3) && depth < 18
        if deeper, random.chance(0.3) { return group(depth: depth + 1, allowsEdges: true) }
        var fields = ["size: \(size())"]
        if random.chance(0.3) { fields.append("contentInsets: \(insets())") }
        if random.chance(0.2) { fields.append("edgeSpacing: \(edgeSpacing())") }
        if random.chance(0.2) {
            let edges = ["top", "leading", "bottom", "trailing"].filter { _ in random.chance(0.4) }
            let offset = random.chance(0.5) ? "absoluteOffset" : "fractionalOffset"
            fields.append(
                "supplementaryItems: [{kind: \(kind()), size: \(size()), containerAnchor: {edges: [\(edges.joined(separator: ", "))], "
                    + "\(offset): {x: \(signed()), y: \(signed())}}}]")
        }
        return "{item: {" + fields.joined(separator: ", ") + "}}"
    }

    private mutating func boundary() -> String {
        let alignment = pick(
            ["top", "topLeading", "topTrailing", "bottom", "bottomLeading", "bottomTrailing", "leading", "trailing"],
            bad: "middle")
        var fields = ["kind: \(kind())", "size: \(size())", "alignment: \(alignment)"]
        if random.chance(0.4) { fields.append("pinToVisibleBounds: \(random.chance(0.5))") }
        if random.chance(0.3) { fields.append("extendsBoundary: \(random.chance(0.5))") }
        if random.chance(0.3) { fields.append("offset: {x: \(signed()), y: \(signed())}") }
        if random.chance(0.2) { fields.append("zIndex: \(random.int(-3...3))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    private mutating func size() -> String { "{width: \(dimension()), height: \(dimension())}" }

    private mutating func dimension() -> String {
        let kind = pick(["fractionalWidth", "fractionalHeight", "absolute", "estimated"], bad: "relative")
        let value =
            random.chance(edgeRate)
            ? EdgeNumbers.yaml(&random)
            : kind.hasPrefix("fractional")
                ? random.pick(["0.2", "0.25", "0.5", "1.0", "0.85", "0.3", "0.7"]) : String(random.int(10...200))
        return "{\(kind): \(value)}"
    }

    private mutating func insets() -> String {
        random.chance(edgeRate)
            ? random.pick(["5", "null", "{top: 0.5}", "{left: 3}"])
            : "{top: \(inset()), leading: \(inset()), bottom: \(inset()), trailing: \(inset())}"
    }

    private mutating func inset() -> String {
        random.chance(edgeRate) ? EdgeNumbers.yaml(&random) : String(random.int(0...12))
    }

    private mutating func spacing() -> String {
        random.chance(edgeRate) ? EdgeNumbers.yaml(&random) : String(random.int(0...20))
    }

    private mutating func spacingRule() -> String { "{\(pick(["fixed", "flexible"], bad: "loose")): \(spacing())}" }

    private mutating func edgeSpacing() -> String {
        let edges = ["leading", "top", "trailing", "bottom"].filter { _ in random.chance(0.5) }
        return "{" + edges.map { "\($0): \(spacingRule())" }.joined(separator: ", ") + "}"
    }

    private mutating func count() -> String {
        random.chance(edgeRate) ? EdgeNumbers.yaml(&random) : String(random.int(1...5))
    }

    private mutating func signed() -> String {
        random.chance(edgeRate) ? EdgeNumbers.yaml(&random) : String(random.int(-20...20))
    }

    private mutating func kind() -> String {
        random.chance(edgeRate / 2)
            ? random.pick(["\"\"", "3", "null"]) : random.pick(["header", "footer", "badge", "background"])
    }

    /// One of `words`, or now and then `bad`.
    private mutating func pick(_ words: [String], bad: String) -> String {
        random.chance(edgeRate / 2) ? bad : random.pick(words)
    }
}
