import NumberText

extension Double {
    /// The number as people write it: "400" rather than "400.0", "12.5" as is (integral
    /// values by the one rule, `exactInteger`).
    public var compactDescription: String {
        exactInteger.map(String.init) ?? description
    }
}
