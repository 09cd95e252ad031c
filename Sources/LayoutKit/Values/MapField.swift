/// What a map value holds under one key, read without decoding the map
/// (`DataSource.fields(_:_:at:)`, `ValueReader.fields(_:_:at:)`).
public enum MapField: Hashable, Sendable {
    /// The value is not a map (a number, a string, a list, null…), or the map has no such key.
    case absent
    /// The key holds a number.
    case number(Double)
    /// The key holds something else, decoded (for an error message: `kindDescription`).
    case other(Value)
}

extension DataSource {
    /// What the item holds under `first` and under `second` when it is a map that has those
    /// keys; `.absent` for a key it lacks and for any item that is not a map (a number item
    /// too, unlike `number(at:field:)`). One pass over the item; allocates nothing unless a
    /// field holds something other than a number.
    public func fields(_ first: StaticString, _ second: StaticString, at path: ItemPath) -> (MapField, MapField) {
        values.fields(first, second, at: Int(itemOffsets[globalIndex(of: path)]))
    }
}
