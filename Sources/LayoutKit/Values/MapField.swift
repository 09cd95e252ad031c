/// What a map value holds under one key, read without decoding the map
/// (`DataSource.field(_:at:)`, `ValueReader.field(_:at:)`).
public enum MapField: Hashable, Sendable {
    /// The value is not a map (a number, a string, a list, null…), or the map has no such key.
    case absent
    /// The key holds a number.
    case number(Double)
    /// The key holds something else, decoded (for an error message: `kindDescription`).
    case other(Value)
}

extension DataSource {
    /// The item's `field` when the item is a map that has that key; `.absent` for any other
    /// item (a number item too, unlike `number(at:field:)`). Allocates nothing unless the
    /// field holds something other than a number: cheap enough to read every item's fields
    /// in a prepare.
    public func field(_ field: String, at path: ItemPath) -> MapField {
        values.field(field, at: Int(itemOffsets[globalIndex(of: path)]))
    }
}
