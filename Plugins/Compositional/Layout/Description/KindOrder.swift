/// The order of kind names in canonical element order: by Unicode scalar values.
enum KindOrder {
    /// Whether `lhs` comes before `rhs`. O(length).
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars)
    }

    /// The names, in order. O(k log k · length).
    static func sorted(_ names: some Sequence<String>) -> [String] {
        names.sorted(by: precedes)
    }
}
