import LayoutKit

/// Shorthands for writing descriptions as values.
enum Describe {
    static func size(_ width: Value, _ height: Value) -> Value { ["width": width, "height": height] }
    static func fractionalWidth(_ fraction: Double) -> Value { ["fractionalWidth": .number(fraction)] }
    static func fractionalHeight(_ fraction: Double) -> Value { ["fractionalHeight": .number(fraction)] }
    static func absolute(_ length: Double) -> Value { ["absolute": .number(length)] }
    static func estimated(_ length: Double) -> Value { ["estimated": .number(length)] }

    static func item(_ width: Value, _ height: Value, _ more: [String: Value] = [:]) -> Value {
        var item = more
        item["size"] = size(width, height)
        return ["item": .map(item)]
    }

    static func group(_ axis: String, _ width: Value, _ height: Value, _ more: [String: Value]) -> Value {
        var group = more
        group["size"] = size(width, height)
        return [axis: .map(group)]
    }

    static func insets(_ top: Double, _ leading: Double, _ bottom: Double, _ trailing: Double) -> Value {
        ["top": .number(top), "leading": .number(leading), "bottom": .number(bottom), "trailing": .number(trailing)]
    }

    /// Options of one section description per element of `sections`.
    static func options(_ sections: [Value], configuration: Value? = nil) -> [String: Value] {
        var options: [String: Value] = ["sections": .list(sections)]
        if let configuration { options["configuration"] = configuration }
        return options
    }

    /// A section with `group` and more keys.
    static func section(_ group: Value, _ more: [String: Value] = [:]) -> Value {
        var section = more
        section["group"] = group
        return .map(section)
    }

    /// A full-width column of `height`-tall items: the simplest section.
    static func list(height: Double, _ more: [String: Value] = [:]) -> Value {
        section(
            group(
                "horizontal", fractionalWidth(1), absolute(height),
                ["subitems": [item(fractionalWidth(1), fractionalHeight(1))]]),
            more)
    }
}
