import LayoutKit

extension DescriptionReader {
    /// `{width: dim, height: dim}`.
    func layoutSize(_ value: Value, path: String) throws(LayoutError) -> LayoutSize {
        let map = try OptionMap(value, path: path, what: "a size with width and height")
        try map.rejectUnknownKeys(allowed: ["width", "height"])
        let width = try map.required("width", "a dimension"), height = try map.required("height", "a dimension")
        return LayoutSize(
            width: try dimension(width, path: map.path(of: "width")),
            height: try dimension(height, path: map.path(of: "height")))
    }

    /// Exactly one of `{fractionalWidth: f}`, `{fractionalHeight: f}`, `{absolute: x}`, `{estimated: x}`,
    /// each greater than 0 and at most 1e15.
    private func dimension(_ value: Value, path: String) throws(LayoutError) -> Dimension {
        let kinds = ["fractionalWidth", "fractionalHeight", "absolute", "estimated"]
        let map = try OptionMap(
            value, path: path, what: "a dimension (a map with one of \(kinds.joined(separator: ", ")))")
        try map.rejectUnknownKeys(allowed: kinds)
        let key = try map.oneOf(kinds)
        let number = try OptionMap.number(map.values[key]!, path: map.path(of: key), rule: .positive)
        switch key {
        case "fractionalWidth": return .fractionalWidth(number)
        case "fractionalHeight": return .fractionalHeight(number)
        case "absolute": return .absolute(number)
        default: return .estimated(number)
        }
    }

    /// `{[top], [leading], [bottom], [trailing]}` under `key`, each 0 or 1…1e15 (CHOICE C3: a
    /// UIKit inset below 1 would be fractional); zero when absent.
    func insets(_ parent: OptionMap, _ key: String) throws(LayoutError) -> DirectionalInsets {
        guard let value = parent.values[key] else { return .zero }
        let map = try OptionMap(
            value, path: parent.path(of: key), what: "insets (a map with top, leading, bottom, trailing)")
        try map.rejectUnknownKeys(allowed: ["top", "leading", "bottom", "trailing"])
        func edge(_ name: String) throws(LayoutError) -> Double {
            guard let value = map.values[name] else { return 0 }
            let path = map.path(of: name)
            let expected = "0 or a number from 1 to 1e15"
            guard case .number(let number) = value else {
                throw .option(field: path, message: "expected \(expected), got \(value.kindDescription)")
            }
            guard NumberRule.nonNegative.violation(number) == nil, number == 0 || number >= 1 else {
                throw .option(field: path, message: "expected \(expected), got \(number.compactDescription)")
            }
            return number
        }
        return DirectionalInsets(
            top: try edge("top"), leading: try edge("leading"), bottom: try edge("bottom"),
            trailing: try edge("trailing"))
    }

    /// Exactly one of `{fixed: x}` or `{flexible: x}` under `key`, 0…1e15; nil when absent.
    func spacing(_ parent: OptionMap, _ key: String) throws(LayoutError) -> Spacing? {
        guard let value = parent.values[key] else { return nil }
        let map = try OptionMap(value, path: parent.path(of: key), what: "a spacing ({fixed: x} or {flexible: x})")
        try map.rejectUnknownKeys(allowed: ["fixed", "flexible"])
        let kind = try map.oneOf(["fixed", "flexible"])
        let number = try OptionMap.number(map.values[kind]!, path: map.path(of: kind), rule: .nonNegative)
        return Spacing(value: number, isFlexible: kind == "flexible")
    }

    /// `{[leading], [top], [trailing], [bottom]}` under `key`, each a spacing, `fixed(0)` by default.
    func edgeSpacing(_ parent: OptionMap, _ key: String) throws(LayoutError) -> EdgeSpacing {
        guard let value = parent.values[key] else { return .zero }
        let map = try OptionMap(
            value, path: parent.path(of: key), what: "edge spacing (a map with leading, top, trailing, bottom)")
        try map.rejectUnknownKeys(allowed: ["leading", "top", "trailing", "bottom"])
        return EdgeSpacing(
            leading: try spacing(map, "leading") ?? .zero, top: try spacing(map, "top") ?? .zero,
            trailing: try spacing(map, "trailing") ?? .zero, bottom: try spacing(map, "bottom") ?? .zero)
    }

    /// `{<x>, <y>}` under `key`, each −1e15…1e15; nil when absent.
    func point(_ parent: OptionMap, _ key: String) throws(LayoutError) -> (x: Double, y: Double)? {
        guard let value = parent.values[key] else { return nil }
        let map = try OptionMap(value, path: parent.path(of: key), what: "a map with x and y")
        try map.rejectUnknownKeys(allowed: ["x", "y"])
        let x = try map.required("x", "a number"), y = try map.required("y", "a number")
        return (
            try OptionMap.number(x, path: map.path(of: "x"), rule: .coordinate),
            try OptionMap.number(y, path: map.path(of: "y"), rule: .coordinate)
        )
    }

    /// The required `kind`: a non-empty string (of at most `maximumKindBytes` bytes, the ABI's limit).
    func kind(_ map: OptionMap) throws(LayoutError) -> String {
        let value = try map.required("kind", "a non-empty string")
        guard case .string(let kind) = value, !kind.isEmpty else {
            let got = value == .string("") ? "an empty string" : value.kindDescription
            throw .option(field: map.path(of: "kind"), message: "expected a non-empty string, got \(got)")
        }
        guard kind.utf8.count <= Self.maximumKindBytes else {
            throw .option(
                field: map.path(of: "kind"),
                message: "expected a kind of at most \(Self.maximumKindBytes) bytes, got \(kind.utf8.count)")
        }
        return kind
    }

    /// The `zIndex`: whole, −2³¹…2³¹−1, or `default` when absent.
    func zIndex(_ map: OptionMap, default defaultValue: Int) throws(LayoutError) -> Int {
        try map.integer("zIndex", rule: .whole(Int(Int32.min)...Int(Int32.max)), default: defaultValue)
    }
}
